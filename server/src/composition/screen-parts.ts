import { AppError } from '../errors.js';
import { UpstreamError } from '../upstream/upstream-error.js';

/**
 * How long a secondary part may hold its screen, counted from the moment its call starts, unless
 * the part declares its own: above the realistic back office's 99th percentile of one call
 * (docs/performance.md), so that only a call in the tail is left out.
 */
export const DEFAULT_PART_BUDGET_MS = 1500;

/** What a part declares beside its call. */
export interface PartOptions {
  /** How long the part may hold the screen (DEFAULT_PART_BUDGET_MS when absent). */
  budgetMs?: number;
}

/**
 * A screen degrades, it does not fail: a loader names its secondary calls with `secondary(part,
 * call, fallback, { budgetMs })`. When one fails (upstream error, contract violation, timeout, open
 * breaker) its part is dropped — the fallback stands in — and the rest of the screen renders; the
 * screens plugin logs the dropped parts once per screen. When one is still running past its budget,
 * the screen is drawn without it too, and the part is `pending`: its call goes on, kept for the
 * renderer's follow-up request (a layout draws a `pending` node in its place). `call` may be a
 * function that starts the call: a follow-up then takes the call already running instead.
 * Essential calls are awaited as usual, and their failure is the screen's error. A session that
 * ended is never "degraded": it still logs out.
 */
export type Secondary = <T>(part: string, call: Promise<T> | (() => Promise<T>), fallback: T, options?: PartOptions) => Promise<T>;

/** Where nothing may degrade (the benchmark's raw route): every failure is the answer's, and nothing is left behind. */
export const essentialOnly: Secondary = (_part, call) => (typeof call === 'function' ? call() : call);

export function degradable(err: unknown): boolean {
  if (err instanceof AppError) return false;
  if (err instanceof UpstreamError) return !err.tokenExpired;
  // Timeouts and open circuit breakers (cockatiel) are an unavailable upstream, too.
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError' || err.name === 'BrokenCircuitError' || err.name === 'TaskCancelledError');
}

/** A part left out of a screen: late (past its budget, still on its way) or failed, with why (status and path, never data). */
export interface DroppedPart {
  part: string;
  reason: 'late' | 'failed';
  status?: number;
  path?: string;
  code?: string;
}

/** Where the calls of late parts are kept for the follow-up request, and taken by it. */
export interface LateCalls {
  keep(part: string, call: Promise<unknown>): void;
  take(part: string): Promise<unknown> | undefined;
}

export interface ScreenPartsOptions {
  /**
   * The renderer's follow-up for a screen drawn with a part pending: every part is awaited (up to
   * the screen's deadline), and a late part's call still kept is taken rather than made again.
   */
  followUp?: boolean;
  late?: LateCalls | null;
}

const LATE = Symbol('late');

/**
 * Settles with `call`, or with LATE once `ms` have passed. When the timer fires, the answers that
 * already arrived are let in first (one turn of the event loop): on a busy machine a timer and an
 * answer due at the same moment are run timer first.
 */
function withinBudget<T>(call: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => setImmediate(() => resolve(LATE)), ms);
  });
  return Promise.race([call, late]).finally(() => clearTimeout(timer));
}

/** The parts one screen request dropped, and the calls of its late parts still running. */
export class ScreenParts {
  readonly dropped: DroppedPart[] = [];
  /** The calls of the parts that went past their budget: the screen's deadline outlives the answer until they end. */
  readonly running: Array<Promise<unknown>> = [];
  private readonly followUp: boolean;
  private readonly late: LateCalls | null;

  constructor(options: ScreenPartsOptions = {}) {
    this.followUp = options.followUp ?? false;
    this.late = options.late ?? null;
  }

  readonly secondary: Secondary = async <T>(part: string, call: Promise<T> | (() => Promise<T>), fallback: T, options?: PartOptions): Promise<T> => {
    // Only the follow-up takes a kept call: a later visit asks afresh (the customer may have changed what it reads).
    const kept = this.followUp ? (this.late?.take(part) as Promise<T> | undefined) : undefined;
    if (kept && typeof call !== 'function') call.catch(() => undefined);
    const started = kept ?? (typeof call === 'function' ? call() : call);
    try {
      if (this.followUp) return await started;
      const answer = await withinBudget(started, options?.budgetMs ?? DEFAULT_PART_BUDGET_MS);
      if (answer !== LATE) return answer;
      // Still running: kept for the follow-up, never an unhandled rejection.
      const settled = started.then(
        () => undefined,
        () => undefined,
      );
      this.running.push(settled);
      this.late?.keep(part, started);
      this.dropped.push({ part, reason: 'late' });
      return fallback;
    } catch (err) {
      if (!degradable(err)) throw err;
      this.dropped.push(err instanceof UpstreamError ? { part, reason: 'failed', status: err.status, path: err.path, ...(err.code ? { code: err.code } : {}) } : { part, reason: 'failed', code: (err as Error).name });
      return fallback;
    }
  };

  /** Whether the part was left out (late or failed). */
  has(part: string): boolean {
    return this.dropped.some((d) => d.part === part);
  }

  /** Whether the part is late: drawn by the follow-up request (or the next visit). */
  pending(part: string): boolean {
    return this.dropped.some((d) => d.part === part && d.reason === 'late');
  }

  /** The late parts, as the layout reads them (`pending.<part>`). */
  pendingParts(): Record<string, true> {
    return Object.fromEntries(this.dropped.filter((d) => d.reason === 'late').map((d) => [d.part, true as const]));
  }
}
