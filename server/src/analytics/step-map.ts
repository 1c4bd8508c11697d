import { splitPattern, type FunnelFile } from './funnels.js';

/** A step of a flow; a screen or an action outside every flow is counted under flow '' by its route or name. */
export interface StepRef {
  flow: string;
  step: string;
}

interface Candidate {
  wants: Array<[string, string]>;
  ref: StepRef;
}

/** A value as text when it is one (an input's `passo`), else null: the body may be anything before it is checked. */
const scalar = (value: unknown): string | null => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : null);

/** Most specific first: a pattern asking more values wins over the bare route or action. */
function index(entries: Array<[string, Candidate]>): Map<string, Candidate[]> {
  const map = new Map<string, Candidate[]>();
  for (const [key, candidate] of entries) map.set(key, [...(map.get(key) ?? []), candidate]);
  for (const list of map.values()) list.sort((a, b) => b.wants.length - a.wants.length);
  return map;
}

/**
 * Which step a screen or an action belongs to, from the funnels: a screen by its route pattern
 * (and query values), an action by its name (and input values). Built once; each lookup is one
 * map read and a few comparisons.
 */
export class StepMap {
  private readonly screens: Map<string, Candidate[]>;
  private readonly actions: Map<string, Candidate[]>;
  private readonly detours = new Set<string>();

  constructor(funnels: FunnelFile) {
    const screens: Array<[string, Candidate]> = [];
    const actions: Array<[string, Candidate]> = [];
    for (const flow of funnels.flows) {
      for (const step of flow.steps) {
        const ref = { flow: flow.id, step: step.id };
        for (const pattern of step.screens) {
          const { path, wants } = splitPattern(pattern);
          screens.push([path, { wants, ref }]);
          if (step.detour) this.detours.add(path);
        }
        for (const pattern of step.leaves) {
          const { path, wants } = splitPattern(pattern);
          actions.push([path, { wants, ref }]);
        }
      }
    }
    this.screens = index(screens);
    this.actions = index(actions);
  }

  /** The step a screen of `routePath` reaches, given the query it was asked with. */
  screen(routePath: string, query: URLSearchParams): StepRef {
    const found = this.screens.get(routePath)?.find((c) => c.wants.every(([k, v]) => query.get(k) === v));
    return found?.ref ?? { flow: '', step: routePath };
  }

  /** The step an action leaves, given its validated input. */
  action(name: string, input: unknown): StepRef {
    const fields = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
    const found = this.actions.get(name)?.find((c) => c.wants.every(([k, v]) => scalar(fields[k]) === v));
    return found?.ref ?? { flow: '', step: name };
  }

  /** Whether a route pattern is a detour's screen (leading there concludes nothing). */
  isDetour(routePath: string): boolean {
    return this.detours.has(routePath);
  }
}
