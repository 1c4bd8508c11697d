import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketOf, GAMMA, mergeInto, quantile, valueOf } from './sketch.js';

const sketchOf = (durations: number[]) => {
  const counts = new Map<number, number>();
  for (const ms of durations) counts.set(bucketOf(ms), (counts.get(bucketOf(ms)) ?? 0) + 1);
  return counts;
};
const exact = (durations: number[], q: number) => [...durations].sort((a, b) => a - b)[Math.floor(q * (durations.length - 1))]!;
const ERROR = (GAMMA - 1) / (GAMMA + 1);

describe('durations as log-scale buckets', () => {
  it('stands every duration for a value within ±4.8 % of it', () => {
    for (const ms of [1, 7, 999, 1_000, 45_000, 3_600_000, 86_400_000]) expect(Math.abs(valueOf(bucketOf(ms)) - ms) / ms).toBeLessThanOrEqual(ERROR + 1e-9);
  });

  it('reads the median and the 90th percentile within the same error as the exact ones', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 7 * 86_400_000 }), { minLength: 1, maxLength: 300 }), (durations) => {
        for (const q of [0.5, 0.9]) expect(Math.abs(quantile(sketchOf(durations), q)! - exact(durations, q)) / exact(durations, q)).toBeLessThanOrEqual(ERROR + 1e-9);
      }),
    );
  });

  it('merges two instances’ sketches into exactly the sketch one instance would have kept', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000_000 })), fc.array(fc.integer({ min: 1, max: 10_000_000 })), (a, b) => {
        const merged = mergeInto(sketchOf(a), sketchOf(b));
        expect(merged).toEqual(sketchOf([...a, ...b]));
        expect(quantile(merged, 0.5)).toBe(quantile(sketchOf([...b, ...a]), 0.5));
      }),
    );
  });

  it('has nothing to say without a duration', () => {
    expect(quantile(new Map(), 0.5)).toBeNull();
  });
});
