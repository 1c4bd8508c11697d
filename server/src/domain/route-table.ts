import { RouteEntry } from '../../../screens/contract/routes.js';

export { RouteEntry, RouteTable, type ScreenRoute } from '../../../screens/contract/routes.js';

export interface RouteMatch {
  route: RouteEntry;
  params: Record<string, string>;
}

/** A pattern's segments, split once: every screen request walks the route table. */
const patternSegments = new Map<string, readonly string[]>();
function segmentsOf(pattern: string): readonly string[] {
  let segments = patternSegments.get(pattern);
  if (!segments) {
    segments = pattern.split('/').filter(Boolean);
    patternSegments.set(pattern, segments);
  }
  return segments;
}

function matches(pattern: string, got: readonly string[]): Record<string, string> | null {
  const want = segmentsOf(pattern);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) params[w.slice(1)] = decodeURIComponent(g);
    else if (w !== g) return null;
  }
  return params;
}

/** First route whose pattern matches the path (exact segments first, `:param` segments match one segment). */
export function matchRoute(routes: readonly RouteEntry[], pathname: string): RouteMatch | null {
  const got = pathname.split('/').filter(Boolean);
  for (const route of routes) {
    const params = matches(route.path, got);
    if (params) return { route, params };
  }
  return null;
}
