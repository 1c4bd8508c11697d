import type { ScreenRoute } from './route-table.js';

/** What the guard knows about the visitor. */
export interface GuardState {
  authenticated: boolean;
  quotaSelected: boolean;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

/**
 * The navigation guard (spec doc 1 §2): unauthenticated access to a protected route goes to
 * login, remembering the wanted route unless it is home; a route that needs a quota goes to the
 * quota list first, keeping the wanted route.
 */
export function guard(route: ScreenRoute, wanted: string, state: GuardState): GuardDecision {
  const isHome = wanted.split('?')[0] === '/home';
  if (route.access === 'protected' && !state.authenticated) {
    return { kind: 'redirect', to: isHome ? '/login' : `/login?voltar=${encodeURIComponent(wanted)}` };
  }
  if (route.needsQuota && !state.quotaSelected) {
    return {
      kind: 'redirect',
      to: isHome ? '/groups-and-quotas' : `/groups-and-quotas?voltar=${encodeURIComponent(wanted)}`,
    };
  }
  return { kind: 'allow' };
}
