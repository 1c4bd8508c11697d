import { AppError } from '../errors.js';
import { UpstreamError } from '../upstream/upstream-error.js';

/**
 * A screen degrades, it does not fail: a loader names its secondary calls with `secondary(part,
 * call, fallback)`. When one fails (upstream error, contract violation, timeout, open breaker),
 * its part is dropped — the fallback stands in — and the rest of the screen renders; the screens
 * plugin logs the dropped parts once per screen. Essential calls are awaited as usual, and their
 * failure is the screen's error. A session that ended is never "degraded": it still logs out.
 */
export type Secondary = <T>(part: string, call: Promise<T>, fallback: T) => Promise<T>;

/** Where nothing may degrade (the benchmark's raw route): every failure is the answer's. */
export const essentialOnly: Secondary = (_part, call) => call;

export function degradable(err: unknown): boolean {
  if (err instanceof AppError) return false;
  if (err instanceof UpstreamError) return !err.tokenExpired;
  // Timeouts and open circuit breakers (cockatiel) are an unavailable upstream, too.
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError' || err.name === 'BrokenCircuitError' || err.name === 'TaskCancelledError');
}

/** The parts one screen request dropped, with why (status and path, never data). */
export class ScreenParts {
  readonly dropped: Array<{ part: string; status?: number; path?: string; code?: string }> = [];

  readonly secondary: Secondary = async (part, call, fallback) => {
    try {
      return await call;
    } catch (err) {
      if (!degradable(err)) throw err;
      this.dropped.push(err instanceof UpstreamError ? { part, status: err.status, path: err.path, ...(err.code ? { code: err.code } : {}) } : { part, code: (err as Error).name });
      return fallback;
    }
  };

  has(part: string): boolean {
    return this.dropped.some((d) => d.part === part);
  }
}
