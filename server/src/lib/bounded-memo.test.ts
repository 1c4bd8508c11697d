import { describe, expect, it, vi } from 'vitest';
import { boundedMemo } from './bounded-memo.js';

describe('a bounded memo', () => {
  it('makes a value once per key, and starts again empty when full', () => {
    const memo = boundedMemo<string, number>(2);
    const make = vi.fn((n: number) => n * 10);
    expect(memo('a', () => make(1))).toBe(10);
    expect(memo('a', () => make(99))).toBe(10);
    expect(memo('b', () => make(2))).toBe(20);
    expect(make).toHaveBeenCalledTimes(2);
    // A third key empties it: 'a' is made again.
    expect(memo('c', () => make(3))).toBe(30);
    expect(memo('a', () => make(4))).toBe(40);
    expect(make).toHaveBeenCalledTimes(4);
  });
});
