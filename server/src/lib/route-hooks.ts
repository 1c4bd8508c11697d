import type { onRequestHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';

interface GuardHooks {
  onRequest: onRequestHookHandler;
  preHandler: preHandlerHookHandler;
}

/** How many hooks of each kind the plugins have put in front of a route's own. */
const placed = new WeakMap<RouteOptions, Partial<Record<keyof GuardHooks, number>>>();

/**
 * Gives one route a plugin's hook (from an `onRoute` hook), where a global hook would have run: after
 * the hooks earlier plugins gave the route, before the route's own. A hook only some routes need
 * (the API's session, CSRF, the console's roles) is then paid for by those routes alone, and the
 * page, its assets and the health checks skip it without a test of their URL on every request.
 */
export function guardRoute<K extends keyof GuardHooks>(route: RouteOptions, kind: K, hook: GuardHooks[K]): void {
  const counts = placed.get(route) ?? {};
  placed.set(route, counts);
  const at = counts[kind] ?? 0;
  const hooks = [route[kind] ?? []].flat() as GuardHooks[K][];
  hooks.splice(at, 0, hook);
  counts[kind] = at + 1;
  (route as unknown as Record<K, GuardHooks[K][]>)[kind] = hooks;
}
