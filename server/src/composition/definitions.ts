import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { FlowBundle } from '../../../screens/contract/flows.js';
import { analyse, formatReport, type AnalysisContext } from './flows/analyse.js';
import { parseBundle, readFlowFiles, textsFile } from './flows/bundle.js';
import { RouteTable, type RouteEntry } from './route-table.js';
import type { Texts } from './template.js';

/** The screens/ folder shipped with the server. */
export const SCREENS_DIR = fileURLToPath(new URL('../../../screens/', import.meta.url));

export const Layout = z
  .object({
    screen: z.string().min(1),
    title: z.string().min(1),
    chrome: z.enum(['public', 'authenticated']),
    layout: z.array(z.unknown()),
    /** Modals to open with the screen: a list of templates, or `{ "$value": path }` for modals the loader builds. */
    modals: z.union([z.array(z.unknown()), z.object({ $value: z.string().min(1) }).strict()]).optional(),
  })
  .strict();
export type Layout = z.infer<typeof Layout>;

export interface Definitions {
  routes: RouteEntry[];
  layouts: ReadonlyMap<string, Layout>;
  texts: Texts;
  /** The flow definitions shipped in screens/flows (version 1 of the published history). */
  flows: FlowBundle;
  /** The raw files of screens/flows, as they are stored when published. */
  flowFiles: Record<string, unknown>;
}

/** Screens the server draws without a route. */
export const SYSTEM_SCREENS = ['nao-encontrada'];

/** What the flow analyser checks definitions against: the route table and the layouts. */
export function analysisContext(definitions: Pick<Definitions, 'routes' | 'layouts'> & { texts?: Texts; flows?: FlowBundle }): AnalysisContext {
  const screenRoutes = definitions.routes.filter((r): r is Extract<RouteEntry, { screen: string }> => 'screen' in r);
  return {
    servedRoutes: definitions.routes.map((r) => r.path),
    routedScreens: screenRoutes.map((r) => r.screen),
    layouts: [...definitions.layouts.keys()],
    systemScreens: SYSTEM_SCREENS,
    layoutTexts: [...definitions.layouts.values()].map((l) => ({ screen: l.screen, keys: [...textKeys(l)] })),
    ...(definitions.texts ? { shippedTexts: definitions.texts } : {}),
    ...(definitions.flows ? { wizardSteps: wizardSteps(definitions.flows) } : {}),
  };
}

/** The step ids of each shipped wizard: the steps the code knows how to draw. */
export function wizardSteps(flows: FlowBundle): Record<string, string[]> {
  return Object.fromEntries(flows.definitions.flatMap((d) => (d.kind === 'wizard' ? [[d.id, d.steps.map((s) => s.id)]] : [])));
}

export class DefinitionError extends Error {
  override name = 'DefinitionError';
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new DefinitionError(`${file}: JSON inválido (${(err as Error).message})`);
  }
}

function parse<T>(schema: z.ZodType<T>, file: string): T {
  const result = schema.safeParse(readJson(file));
  if (!result.success) {
    throw new DefinitionError(`${file}: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return result.data;
}

/** Every `@key` text reference inside a layout. */
export function textKeys(node: unknown, found = new Set<string>()): Set<string> {
  if (typeof node === 'string' && node.startsWith('@')) found.add(node.slice(1));
  else if (Array.isArray(node)) node.forEach((n) => textKeys(n, found));
  else if (node && typeof node === 'object') Object.values(node).forEach((n) => textKeys(n, found));
  return found;
}

/** A route table of screens/ read and checked against its schema. */
export function readRouteFile<T>(schema: z.ZodType<T>, file: string): T {
  return parse(schema, file);
}

/** A texts file (key → text) of screens/texts. */
export function readTexts(file: string): Texts {
  return parse(z.record(z.string(), z.string()), file);
}

/** Every layout of a folder, by screen; each file named for its screen. */
export function readLayouts(dir: string): Map<string, Layout> {
  const layouts = new Map<string, Layout>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const layout = parse(Layout, join(dir, file));
    if (`${layout.screen}.json` !== file) throw new DefinitionError(`layouts/${file}: screen "${layout.screen}" difere do nome do arquivo`);
    layouts.set(layout.screen, layout);
  }
  return layouts;
}

/** What is wrong with a set of screens: a routed screen without a layout, a text a layout names that does not exist. */
export function screenProblems(screens: ReadonlyArray<{ path: string; screen?: string }>, layouts: ReadonlyMap<string, Layout>, texts: Texts): string[] {
  const problems: string[] = [];
  for (const route of screens) {
    if (route.screen !== undefined && !layouts.has(route.screen)) problems.push(`rota ${route.path}: tela "${route.screen}" sem layout`);
  }
  for (const layout of layouts.values()) {
    for (const key of textKeys(layout)) if (!(key in texts)) problems.push(`layout ${layout.screen}: texto "${key}" não existe`);
  }
  return problems;
}

/** Reads and checks the screens: every routed screen has a layout, every text a layout names exists. */
export function loadScreens(dir: string = SCREENS_DIR): Pick<Definitions, 'routes' | 'layouts' | 'texts'> {
  const { routes } = parse(RouteTable, join(dir, 'routes.json'));
  const texts = readTexts(join(dir, 'texts', 'pt-BR.json'));
  const layouts = readLayouts(join(dir, 'layouts'));
  const problems = screenProblems(routes.map((r) => ('screen' in r ? { path: r.path, screen: r.screen } : { path: r.path })), layouts, texts);
  if (problems.length) throw new DefinitionError(`Definições inválidas:\n  - ${problems.join('\n  - ')}`);
  return { routes, layouts, texts };
}

/** Screens plus the shipped flow definitions; a flow the analyser refuses stops the server. */
export function loadDefinitions(dir: string = SCREENS_DIR): Definitions {
  const { routes, layouts, texts } = loadScreens(dir);
  let flowFiles: Record<string, unknown>;
  let flows: FlowBundle;
  try {
    // The texts travel with the flow definitions: one versioned bundle, published and rolled back together.
    flowFiles = { ...readFlowFiles(join(dir, 'flows')), 'texts.json': textsFile(texts) };
    flows = parseBundle(flowFiles);
  } catch (err) {
    throw new DefinitionError((err as Error).message);
  }
  const report = analyse(flows, analysisContext({ routes, layouts, texts }));
  if (!report.ok) throw new DefinitionError(formatReport(report));
  return { routes, layouts, texts, flows, flowFiles };
}
