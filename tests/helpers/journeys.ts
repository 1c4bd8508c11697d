import type { DecisionTable, FlowBundle } from '../../screens/contract/flows.js';
import { guard } from '../../server/src/composition/guard.js';
import type { RouteEntry, ScreenRoute } from '../../server/src/composition/route-table.js';

/** One move of a customer: open a URL, log in, or choose a quota. */
export type Step = { kind: 'visit'; path: string } | { kind: 'login' } | { kind: 'select-quota' } | { kind: 'use-phone' };

export interface Journey {
  path: string;
  screen: string;
  steps: Step[];
}

interface State {
  authenticated: boolean;
  quotaSelected: boolean;
  mobile: boolean;
}

/** Concrete example for a `:param` segment (none of today's routes has one). */
export const concrete = (path: string) => path.replace(/:[a-zA-Z]+/g, '1');

/**
 * The shortest journey to every screen the route table serves and every served target of the
 * decision tables: a breadth-first search over the customer's state (logged in, quota chosen),
 * where the guard table decides which visits are allowed.
 */
export function generateJourneys(routes: readonly RouteEntry[], flows: FlowBundle): Journey[] {
  const guardTable = flows.definitions.find((d): d is DecisionTable => d.kind === 'decision-table' && d.id === 'guard')!;
  const screens = routes.filter((r): r is ScreenRoute => 'screen' in r);
  const targets = new Set(screens.map((r) => r.path));
  for (const table of flows.definitions.filter((d): d is DecisionTable => d.kind === 'decision-table')) {
    for (const outcome of [...table.rows.map((r) => r.then), table.default.then]) {
      if (typeof outcome === 'string' && screens.some((r) => r.path === outcome)) targets.add(outcome);
    }
  }
  const key = (s: State) => `${s.authenticated}|${s.quotaSelected}|${s.mobile}`;
  const start: State = { authenticated: false, quotaSelected: false, mobile: false };
  const paths = new Map<string, Step[]>([[key(start), []]]);
  const queue: State[] = [start];
  const journeys = new Map<string, Journey>();

  while (queue.length) {
    const state = queue.shift()!;
    const steps = paths.get(key(state))!;
    for (const route of screens) {
      if (!targets.has(route.path) || journeys.has(route.path)) continue;
      if (guard(guardTable, route, concrete(route.path), state).kind === 'allow') {
        journeys.set(route.path, { path: route.path, screen: route.screen, steps: [...steps, { kind: 'visit', path: concrete(route.path) }] });
      }
    }
    const next: Array<[State, Step]> = [];
    if (!state.authenticated) next.push([{ ...state, authenticated: true, quotaSelected: false }, { kind: 'login' }]);
    else if (!state.quotaSelected) next.push([{ ...state, quotaSelected: true }, { kind: 'select-quota' }]);
    if (!state.mobile) next.push([{ ...state, mobile: true }, { kind: 'use-phone' }]);
    for (const [nextState, step] of next) {
      if (paths.has(key(nextState))) continue;
      paths.set(key(nextState), [...steps, step]);
      queue.push(nextState);
    }
  }
  return [...journeys.values()];
}
