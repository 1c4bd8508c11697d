import { RouteEntry } from '../../../screens/contract/routes.js';

export { RouteEntry, RouteTable, type ScreenRoute } from '../../../screens/contract/routes.js';

export interface RouteMatch {
  route: RouteEntry;
  params: Record<string, string>;
}

function matches(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
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
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const route of routes) {
    const params = matches(route.path, normalised);
    if (params) return { route, params };
  }
  return null;
}

/** A local path safe to redirect to after login (no scheme, no protocol-relative `//`, no backslash). */
export function safeLocalPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 512) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  return value;
}
