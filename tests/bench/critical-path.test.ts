import { describe, expect, it } from 'vitest';
import { analysePath } from '../../bench/critical-path.js';

const call = (name: string, startedAt: number, endedAt: number) => ({ name, startedAt, endedAt });
const names = (calls: Array<{ name: string }>) => calls.map((c) => c.name);

describe('waves and the critical path of a screen’s calls', () => {
  it('puts overlapping calls in one wave and a call started after another ended in a later one', () => {
    const { waves, path, pathMs } = analysePath([call('quota', 0, 100), call('slips', 5, 60), call('bids', 110, 200), call('rules', 65, 90)]);
    expect(waves.map(names)).toEqual([['quota', 'slips'], ['rules'], ['bids']]);
    // quota (100) → bids (90) outweighs slips (55) → rules (25) → bids (90).
    expect(names(path)).toEqual(['quota', 'bids']);
    expect(pathMs).toBe(190);
  });

  it('follows the longest chain even through a later wave that overlaps a long call', () => {
    // `token` is long; `a` then `b` run beside it one after the other; `home` waits for all.
    const { waves, path, pathMs } = analysePath([call('token', 0, 300), call('a', 1, 50), call('b', 51, 250), call('home', 301, 341)]);
    expect(waves.map(names)).toEqual([['token', 'a'], ['b'], ['home']]);
    expect(names(path)).toEqual(['token', 'home']);
    expect(pathMs).toBe(340);
  });

  it('is empty without calls, and one call long with one', () => {
    expect(analysePath([])).toEqual({ waves: [], path: [], pathMs: 0 });
    expect(analysePath([call('only', 10, 42)])).toMatchObject({ waves: [[{ name: 'only' }]], pathMs: 32 });
  });
});
