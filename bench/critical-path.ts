/**
 * Waves and the critical path of the back-office calls one request made, from the times the
 * sandbox recorded for each call (when it came, when its answer went: GET /__sandbox/calls).
 *
 * - A call's **wave** is one more than the latest wave of the calls that had ended before it
 *   started (the first wave: calls that started before any other ended). Calls whose spans overlap
 *   share a wave; a call starting after another ended is in a later wave: a wave is a round trip
 *   the request waited for.
 * - The **critical path** is the chain of calls, each starting after the one before it ended, whose
 *   observed durations add up to the most: the least time the request could have taken with those
 *   calls in that order, were the server infinitely fast and never waiting for anything else.
 */

/** A recorded call with its times (milliseconds, one clock). */
export interface TimedCall {
  name: string;
  startedAt: number;
  endedAt: number;
}

export interface PathAnalysis<C extends TimedCall> {
  /** The calls of each wave, each wave's in the order they started. */
  waves: C[][];
  /** The chain, first call first. */
  path: C[];
  /** The sum of the chain's durations. */
  pathMs: number;
}

const duration = (c: TimedCall) => Math.max(0, c.endedAt - c.startedAt);

export function analysePath<C extends TimedCall>(calls: readonly C[]): PathAnalysis<C> {
  const sorted = [...calls].sort((a, b) => a.startedAt - b.startedAt || a.endedAt - b.endedAt);
  const wave: number[] = [];
  const longest: number[] = [];
  const before: number[] = [];
  sorted.forEach((call, i) => {
    let w = 0;
    let best = 0;
    let from = -1;
    for (let j = 0; j < i; j++) {
      const earlier = sorted[j]!;
      if (earlier.endedAt > call.startedAt) continue;
      w = Math.max(w, wave[j]! + 1);
      if (longest[j]! > best) {
        best = longest[j]!;
        from = j;
      }
    }
    wave.push(w);
    longest.push(best + duration(call));
    before.push(from);
  });
  const waves: C[][] = [];
  sorted.forEach((call, i) => (waves[wave[i]!] ??= []).push(call));
  let end = -1;
  longest.forEach((ms, i) => {
    if (end < 0 || ms > longest[end]!) end = i;
  });
  const path: C[] = [];
  for (let i = end; i >= 0; i = before[i]!) path.unshift(sorted[i]!);
  return { waves, path, pathMs: end < 0 ? 0 : longest[end]! };
}
