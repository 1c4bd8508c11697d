import type { FlowBundle, Outcome } from '../../../../screens/contract/flows.js';
import { splitPattern, type Funnel } from '../../analytics/funnels.js';
import { textKeys, type Definitions } from '../../composition/definitions.js';

/** The routes a decision's outcome names (a screen, or the screen fields of a step's outcome). */
function routesOf(outcome: Outcome | undefined): string[] {
  if (typeof outcome === 'string') return outcome.startsWith('/') ? [outcome] : [];
  if (outcome && typeof outcome === 'object') return Object.values(outcome).filter((v): v is string => typeof v === 'string' && v.startsWith('/'));
  return [];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The steps a draft changes, flow by flow, in each flow's order: for a decision table, the steps
 * whose screens a changed row sent customers to before or sends them to now; for a wizard, the
 * steps changed, added, removed or moved; for the texts, the steps whose screens show a changed
 * text. Card sets and themes change no step.
 */
export function stepsChangedBy(draftId: string, before: FlowBundle, after: FlowBundle, funnels: readonly Funnel[], definitions: Pick<Definitions, 'routes' | 'layouts'>): Array<{ flow: Funnel; steps: string[] }> {
  const routes = new Set<string>();
  const wizardSteps = new Set<string>();
  const old = before.definitions.find((d) => d.id === draftId);
  const now = after.definitions.find((d) => d.id === draftId);
  if (old?.kind === 'decision-table' && now?.kind === 'decision-table') {
    const length = Math.max(old.rows.length, now.rows.length);
    for (let i = 0; i < length; i++) {
      const a = old.rows[i];
      const b = now.rows[i];
      if (same(a, b)) continue;
      for (const route of [...routesOf(a?.then), ...routesOf(b?.then)]) routes.add(route);
    }
    if (!same(old.default, now.default)) for (const route of [...routesOf(old.default.then), ...routesOf(now.default.then)]) routes.add(route);
  } else if (old?.kind === 'wizard' && now?.kind === 'wizard') {
    const ids = new Set([...old.steps.map((s) => s.id), ...now.steps.map((s) => s.id)]);
    for (const id of ids) {
      const a = old.steps.findIndex((s) => s.id === id);
      const b = now.steps.findIndex((s) => s.id === id);
      if (a === b && same(old.steps[a], now.steps[b])) continue;
      wizardSteps.add(`${draftId}/${id}`);
      for (const step of [old.steps[a], now.steps[b]]) if (step?.route) routes.add(step.route);
    }
  } else if (draftId === 'texts') {
    const changed = new Set(Object.keys({ ...before.texts, ...after.texts }).filter((k) => before.texts?.[k] !== after.texts?.[k]));
    for (const route of definitions.routes) {
      if (!('screen' in route)) continue;
      const layout = definitions.layouts.get(route.screen);
      if (layout && [...textKeys(layout)].some((k) => changed.has(k))) routes.add(route.path);
    }
  }
  const out: Array<{ flow: Funnel; steps: string[] }> = [];
  for (const flow of funnels) {
    const steps = flow.steps
      .filter((s) => s.screens.some((p) => routes.has(splitPattern(p).path)) || (flow.wizard && s.wizardStep && wizardSteps.has(`${flow.wizard}/${s.wizardStep}`)))
      .map((s) => s.id);
    if (steps.length) out.push({ flow, steps });
  }
  return out;
}
