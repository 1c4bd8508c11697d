/**
 * Durations kept as counts in fixed logarithmic buckets (the mapping of DDSketch): bucket i holds
 * the durations in (γ^(i-1), γ^i] milliseconds. Every instance uses the same buckets, so adding
 * two instances' counts bucket by bucket gives exactly the sketch one instance would have kept for
 * all the durations, and a quantile read from it is within ±(γ−1)/(γ+1) ≈ 4.8 % of the true one.
 */
export const GAMMA = 1.1;
const LOG_GAMMA = Math.log(GAMMA);

/** Longer than this is clamped (a step left open for a month is still "a month or more"). */
export const MAX_DURATION_MS = 31 * 24 * 3_600_000;

export function bucketOf(ms: number): number {
  const clamped = Math.min(Math.max(ms, 1), MAX_DURATION_MS);
  return Math.max(0, Math.ceil(Math.log(clamped) / LOG_GAMMA));
}

/** The value a bucket stands for: the point within ±4.8 % of every duration it holds. */
export function valueOf(bucket: number): number {
  return (2 * GAMMA ** bucket) / (GAMMA + 1);
}

/**
 * The q-quantile (0…1) of the durations counted by bucket, in ms; null when there are none. The
 * rank is q·(n−1), the lower one, as DDSketch reads it.
 */
export function quantile(counts: ReadonlyMap<number, number>, q: number): number | null {
  let total = 0;
  for (const n of counts.values()) total += n;
  if (total === 0) return null;
  const rank = q * (total - 1);
  let seen = 0;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(bucket)!;
    if (seen > rank) return valueOf(bucket);
  }
  return valueOf(Math.max(...counts.keys()));
}

/** Adds `from` into `into`, bucket by bucket. */
export function mergeInto(into: Map<number, number>, from: ReadonlyMap<number, number>): Map<number, number> {
  for (const [bucket, n] of from) into.set(bucket, (into.get(bucket) ?? 0) + n);
  return into;
}
