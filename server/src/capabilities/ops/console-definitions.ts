import { join } from 'node:path';
import { ConsoleRouteTable } from '../../../../screens/contract/console-routes.js';
import { DefinitionError, readLayouts, readRouteFile, readTexts, screenProblems, SCREENS_DIR, type Layout } from '../../composition/definitions.js';
import type { Texts } from '../../composition/template.js';

/** The console's screens as data: its route table, its layouts and its texts (screens/console/, screens/texts/console.pt-BR.json). */
export interface ConsoleDefinitions {
  table: ConsoleRouteTable;
  layouts: ReadonlyMap<string, Layout>;
  texts: Texts;
}

/** The layout every console page is drawn inside (who is in, the sections, leaving); its `conteudo` is the page. */
export const FRAME_SCREEN = 'ops-moldura';
/** The page of an address under the console's prefix that names no page. */
export const NOT_FOUND_SCREEN = 'ops-nao-encontrada';
/** The page of a staff member whose role may not open the page asked for. */
export const REFUSED_SCREEN = 'ops-sem-acesso';

/**
 * Reads and checks the console's screens as the customers' are read: every routed screen has a
 * layout, every text a layout names exists; besides, every section leads to a page and every page's
 * section is one of them. A problem stops the server, naming it.
 */
export function loadConsoleScreens(dir: string = SCREENS_DIR): ConsoleDefinitions {
  const table = readRouteFile(ConsoleRouteTable, join(dir, 'console', 'routes.json'));
  const layouts = readLayouts(join(dir, 'console', 'layouts'));
  const texts = readTexts(join(dir, 'texts', 'console.pt-BR.json'));
  const problems = screenProblems([...table.routes, ...[FRAME_SCREEN, NOT_FOUND_SCREEN, REFUSED_SCREEN].map((screen) => ({ path: '(console)', screen }))], layouts, texts);
  const paths = new Set(table.routes.map((r) => r.path));
  for (const section of table.sections) if (!paths.has(section.to)) problems.push(`seção ${section.to}: nenhuma página do console`);
  for (const route of table.routes) if (route.section && !table.sections.some((s) => s.to === route.section)) problems.push(`rota ${route.path}: seção ${route.section} não existe`);
  if (paths.has(table.signIn)) problems.push(`rota ${table.signIn}: a página de entrada não tem layout, é servida pelo sign-in`);
  if (problems.length) throw new DefinitionError(`Telas do console inválidas:\n  - ${problems.join('\n  - ')}`);
  return { table, layouts, texts };
}
