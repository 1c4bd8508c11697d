import { RouteEntry } from '../../../screens/contract/routes.js';

export { RouteEntry, RouteTable, type ScreenRoute } from '../../../screens/contract/routes.js';

export interface RouteMatch<R extends { path: string } = RouteEntry> {
  route: R;
  params: Record<string, string>;
}

interface Compiled {
  route: { path: string };
  /** Literal segments as they are; a `:param` segment as its name, with `param` set. */
  segments: readonly { text: string; param: boolean }[];
}

/**
 * A route table's patterns split once and grouped by their count of segments, in the table's
 * order: every screen request matches its path, and only patterns of its length can match.
 * Keyed by the table itself (a new definitions version brings a new table).
 */
const compiledTables = new WeakMap<readonly { path: string }[], Map<number, Compiled[]>>();
function byLength(routes: readonly { path: string }[]): Map<number, Compiled[]> {
  let table = compiledTables.get(routes);
  if (!table) {
    table = new Map();
    for (const route of routes) {
      const segments = route.path.split('/').filter(Boolean).map((segment) => (segment.startsWith(':') ? { text: segment.slice(1), param: true } : { text: segment, param: false }));
      const group = table.get(segments.length) ?? [];
      group.push({ route, segments });
      table.set(segments.length, group);
    }
    compiledTables.set(routes, table);
  }
  return table;
}

function matches(want: Compiled['segments'], got: readonly string[]): Record<string, string> | null {
  for (let i = 0; i < want.length; i++) if (!want[i]!.param && want[i]!.text !== got[i]) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) if (want[i]!.param) params[want[i]!.text] = decodeURIComponent(got[i]!);
  return params;
}

/** First route whose pattern matches the path (exact segments first, `:param` segments match one segment). */
export function matchRoute<R extends { path: string } = RouteEntry>(routes: readonly R[], pathname: string): RouteMatch<R> | null {
  const got = pathname.split('/').filter(Boolean);
  for (const { route, segments } of byLength(routes).get(got.length) ?? []) {
    const params = matches(segments, got);
    if (params) return { route: route as R, params };
  }
  return null;
}
