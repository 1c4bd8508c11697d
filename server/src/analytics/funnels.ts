import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { FlowBundle, Wizard } from '../../../screens/contract/flows.js';
import type { RouteEntry } from '../composition/route-table.js';

/**
 * The flows the console's analysis page draws as funnels (screens/analytics/funnels.json): each
 * named as a person names it, the flow definitions of screens/flows it groups, and its steps in
 * order with the screens that reach them and the actions that leave them.
 */

const id = z.string().regex(/^[a-z0-9-]+$/, 'use letras minúsculas, números e hífens');
/** A route of the route table, optionally with query values the screen request must carry (`/offers-and-bids?passo=type`). */
const ScreenPattern = z.string().regex(/^\/[^?#\s]*(\?[a-zA-Z0-9_-]+=[a-zA-Z0-9_-]+(&[a-zA-Z0-9_-]+=[a-zA-Z0-9_-]+)*)?$/, 'uma rota, com ?campo=valor opcional');
/** An action name, optionally with input values it must carry (`bids/step?passo=type`). */
const ActionPattern = z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+(\?[a-zA-Z0-9_-]+=[a-zA-Z0-9_-]+(&[a-zA-Z0-9_-]+=[a-zA-Z0-9_-]+)*)?$/, 'uma ação area/nome, com ?campo=valor opcional');

export const FunnelStep = z
  .object({
    id,
    /** As the analyst reads it; a `wizardStep` without a label takes the wizard step's label. */
    label: z.string().min(1).optional(),
    /** This step of the flow's wizard: its label and its place among the wizard's steps follow the version in service. */
    wizardStep: id.optional(),
    screens: z.array(ScreenPattern).min(1),
    /** Actions that leave the step; none: the step is read, and seeing it concludes it. */
    leaves: z.array(ActionPattern).default([]),
    /** Manual handling outside the funnel: an action that leads here concludes nothing. */
    detour: z.boolean().optional(),
  })
  .strict();
export type FunnelStep = z.infer<typeof FunnelStep>;

export const Funnel = z
  .object({
    id,
    name: z.string().min(1),
    definitions: z.array(id).min(1),
    wizard: id.optional(),
    steps: z.array(FunnelStep).min(1),
  })
  .strict();
export type Funnel = z.infer<typeof Funnel>;

export const FunnelFile = z
  .object({
    $comment: z.string().optional(),
    flows: z.array(Funnel).min(1),
    /** Definitions of screens/flows that are not a customer's flow, each with the reason. */
    notFlows: z.record(id, z.string().min(1)),
  })
  .strict();
export type FunnelFile = z.infer<typeof FunnelFile>;

export function readFunnels(screensDir: string): FunnelFile {
  const file = join(screensDir, 'analytics', 'funnels.json');
  const parsed = FunnelFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/** `path?a=1&b=2` → path and the required values. */
export function splitPattern(pattern: string): { path: string; wants: Array<[string, string]> } {
  const [path, query] = pattern.split('?') as [string, string | undefined];
  return { path, wants: query ? query.split('&').map((pair) => pair.split('=') as [string, string]) : [] };
}

/**
 * What is wrong with the funnels against the shipped definitions, one line each: a screen that is
 * not a route, a definition that does not exist or belongs to two flows, a definition of
 * screens/flows in no flow (nor listed as not a flow), a wizard step that the wizard does not
 * have, a step id, screen or action used twice.
 */
export function funnelProblems(funnels: FunnelFile, routes: readonly RouteEntry[], bundle: FlowBundle): string[] {
  const problems: string[] = [];
  const routePaths = new Set(routes.filter((r) => 'screen' in r).map((r) => r.path));
  const definitions = new Map(bundle.definitions.map((d) => [d.id, d]));
  const owner = new Map<string, string>();
  const flowIds = new Set<string>();
  const screenOwner = new Map<string, string>();
  const actionOwner = new Map<string, string>();
  for (const flow of funnels.flows) {
    if (flowIds.has(flow.id)) problems.push(`fluxo ${flow.id} repetido`);
    flowIds.add(flow.id);
    for (const d of flow.definitions) {
      if (!definitions.has(d)) problems.push(`${flow.id}: a definição ${d} não existe em screens/flows`);
      if (owner.has(d)) problems.push(`${flow.id}: a definição ${d} já é do fluxo ${owner.get(d)}`);
      owner.set(d, flow.id);
    }
    const wizard = flow.wizard ? definitions.get(flow.wizard) : undefined;
    if (flow.wizard && wizard?.kind !== 'wizard') problems.push(`${flow.id}: ${flow.wizard} não é um assistente de screens/flows`);
    if (flow.wizard && !flow.definitions.includes(flow.wizard)) problems.push(`${flow.id}: o assistente ${flow.wizard} deve estar entre as definições do fluxo`);
    const stepIds = new Set<string>();
    for (const step of flow.steps) {
      const where = `${flow.id}/${step.id}`;
      if (stepIds.has(step.id)) problems.push(`${where}: etapa repetida`);
      stepIds.add(step.id);
      if (!step.label && !step.wizardStep) problems.push(`${where}: sem rótulo`);
      if (step.wizardStep && !(wizard?.kind === 'wizard' && wizard.steps.some((s) => s.id === step.wizardStep))) problems.push(`${where}: o passo ${step.wizardStep} não existe no assistente do fluxo`);
      for (const screen of step.screens) {
        const { path } = splitPattern(screen);
        if (!routePaths.has(path)) problems.push(`${where}: a tela ${path} não é uma rota de routes.json`);
        if (screenOwner.has(screen)) problems.push(`${where}: a tela ${screen} já é da etapa ${screenOwner.get(screen)}`);
        screenOwner.set(screen, where);
      }
      for (const action of step.leaves) {
        if (actionOwner.has(action)) problems.push(`${where}: a ação ${action} já deixa a etapa ${actionOwner.get(action)}`);
        actionOwner.set(action, where);
      }
    }
  }
  for (const d of bundle.definitions) {
    if (!owner.has(d.id) && !(d.id in funnels.notFlows)) problems.push(`a definição ${d.id} não está em nenhum fluxo nem em notFlows`);
  }
  for (const d of Object.keys(funnels.notFlows)) if (owner.has(d)) problems.push(`${d} está num fluxo e em notFlows`);
  return problems;
}

/** A step as the page draws it: label and place resolved against a wizard (the version in service, or a draft). */
export interface ResolvedStep {
  id: string;
  label: string;
  /** No leaving action: seeing the step concludes it. */
  read: boolean;
  detour: boolean;
}

/**
 * The flow's steps in order: a step tied to a wizard step takes that step's label, and the steps
 * tied to the wizard take the wizard's order among the places they hold (the others stay put).
 */
export function resolveSteps(flow: Funnel, bundle: FlowBundle): ResolvedStep[] {
  const wizard = flow.wizard ? (bundle.definitions.find((d) => d.kind === 'wizard' && d.id === flow.wizard) as Wizard | undefined) : undefined;
  const order = new Map((wizard?.steps ?? []).map((s, i) => [s.id, i]));
  const label = new Map((wizard?.steps ?? []).map((s) => [s.id, s.label]));
  const steps = [...flow.steps];
  const slots = steps.map((s, i) => (s.wizardStep && order.has(s.wizardStep) ? i : -1)).filter((i) => i >= 0);
  const tied = slots.map((i) => steps[i]!).sort((a, b) => order.get(a.wizardStep!)! - order.get(b.wizardStep!)!);
  slots.forEach((slot, k) => (steps[slot] = tied[k]!));
  return steps.map((s) => ({
    id: s.id,
    label: s.label ?? (s.wizardStep ? label.get(s.wizardStep) : undefined) ?? s.id,
    read: s.leaves.length === 0,
    detour: s.detour === true,
  }));
}
