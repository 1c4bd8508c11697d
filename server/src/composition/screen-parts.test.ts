import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LateParts } from './late-parts.js';
import { DEFAULT_PART_BUDGET_MS, ScreenParts } from './screen-parts.js';
import { UpstreamError } from '../upstream/upstream-error.js';

/** A call the test answers when it wants. */
function controlled<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a secondary part within its time budget', () => {
  it('is awaited when it answers within the default budget', async () => {
    const parts = new ScreenParts();
    const call = controlled<string>();
    const got = parts.secondary('avisos', call.promise, 'fallback');
    await vi.advanceTimersByTimeAsync(DEFAULT_PART_BUDGET_MS - 100);
    call.resolve('answer');
    expect(await got).toBe('answer');
    expect(parts.dropped).toEqual([]);
  });

  it('is left out past its declared budget: the fallback stands in, the part is pending and its call is kept for the follow-up', async () => {
    const late = new LateParts(8000);
    const parts = new ScreenParts({ late: late.of('session', '/home') });
    const call = controlled<string>();
    const got = parts.secondary('avisos', () => call.promise, 'fallback', { budgetMs: 300 });
    await vi.advanceTimersByTimeAsync(301);
    expect(await got).toBe('fallback');
    expect(parts.pending('avisos')).toBe(true);
    expect(parts.has('avisos')).toBe(true);
    expect(parts.pendingParts()).toEqual({ avisos: true });
    expect(parts.dropped).toEqual([{ part: 'avisos', reason: 'late' }]);
    expect(parts.running).toHaveLength(1);

    // The follow-up waits for every part, and takes the call already running instead of making it again.
    const again = vi.fn(() => Promise.resolve('a second call'));
    const followUp = new ScreenParts({ followUp: true, late: late.of('session', '/home') });
    const answer = followUp.secondary('avisos', again, 'fallback', { budgetMs: 300 });
    await vi.advanceTimersByTimeAsync(5000);
    call.resolve('answer');
    expect(await answer).toBe('answer');
    expect(again).not.toHaveBeenCalled();
    expect(followUp.dropped).toEqual([]);
  });

  it('keeps a late call for its own session and screen only, and gives it once', async () => {
    const late = new LateParts(8000);
    const parts = new ScreenParts({ late: late.of('session', '/home') });
    void parts.secondary('casos', () => new Promise(() => undefined), [], { budgetMs: 10 });
    await vi.advanceTimersByTimeAsync(11);
    // A later visit (not the follow-up) asks afresh and leaves the kept call alone.
    const fresh = vi.fn(() => Promise.resolve(['a case']));
    expect(await new ScreenParts({ late: late.of('session', '/home') }).secondary('casos', fresh, [])).toEqual(['a case']);
    expect(fresh).toHaveBeenCalledOnce();
    expect(late.of('another session', '/home').take('casos')).toBeUndefined();
    expect(late.of('session', '/boletos').take('casos')).toBeUndefined();
    expect(late.of('session', '/home').take('casos')).toBeDefined();
    expect(late.of('session', '/home').take('casos')).toBeUndefined();
  });

  it('counts a late call that then fails as failed on the follow-up, and never leaves its rejection unhandled', async () => {
    const late = new LateParts(8000);
    const parts = new ScreenParts({ late: late.of('s', '/home') });
    const call = controlled<string>();
    const got = parts.secondary('proximo-boleto', () => call.promise, 'none', { budgetMs: 10 });
    await vi.advanceTimersByTimeAsync(11);
    expect(await got).toBe('none');
    call.reject(new UpstreamError(503, 'SIMULATED_FAILURE', undefined, 'cotas/{id}/cobrancas/segunda-via'));
    await Promise.allSettled(parts.running);
    const followUp = new ScreenParts({ followUp: true, late: late.of('s', '/home') });
    expect(await followUp.secondary('proximo-boleto', () => Promise.resolve('fresh'), 'none')).toBe('none');
    expect(followUp.dropped).toEqual([{ part: 'proximo-boleto', reason: 'failed', status: 503, path: 'cotas/{id}/cobrancas/segunda-via', code: 'SIMULATED_FAILURE' }]);
  });

  it('forgets a kept call past its time and the oldest beyond its size', async () => {
    let now = 0;
    const late = new LateParts(1000, 2, () => now);
    const kept = late.of('s', '/home');
    for (const part of ['a', 'b', 'c']) new ScreenParts({ late: kept }).secondary(part, () => new Promise(() => undefined), null, { budgetMs: 1 });
    await vi.advanceTimersByTimeAsync(2);
    expect(late.size).toBe(2);
    expect(kept.take('a')).toBeUndefined();
    now = 1001;
    expect(kept.take('b')).toBeUndefined();
  });
});
