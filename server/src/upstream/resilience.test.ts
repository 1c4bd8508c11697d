import { CircuitState } from 'cockatiel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BREAKER, BUDGET, Resilience, SlidingCount, backoffMs, parseRetryAfter } from './resilience.js';
import { UpstreamError } from './upstream-error.js';
import { Deadline } from './deadline.js';

/** A resilience with recorded waits instead of sleeps, a fixed random and the fake clock. */
function subject(random = 0.5) {
  const waits: number[] = [];
  const events: string[] = [];
  const r = new Resilience({ random: () => random, sleep: async (ms) => void waits.push(ms), onEvent: (e) => events.push(`${e.kind}:${e.group}`) });
  return { r, waits, events };
}
const fail = (status: number, code?: string, retryAfterMs?: number) => new UpstreamError(status, code, undefined, 'cotas/{id}', { retryAfterMs });
const get = { method: 'GET', group: 'cotas', path: 'cotas/{id}' };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('retries', () => {
  it.each([502, 503, 504, 429])('retries a GET that answers %i at most twice, with full-jitter waits', async (status) => {
    const { r, waits } = subject(0.5);
    const attempt = vi.fn(async () => {
      throw fail(status);
    });
    await expect(r.run(get, attempt)).rejects.toMatchObject({ status });
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([50, 100]);
  });

  it('retries a GET whose connection failed, and answers the first success', async () => {
    const { r } = subject();
    const attempt = vi.fn().mockRejectedValueOnce(fail(0, 'ECONNREFUSED')).mockResolvedValueOnce('ok');
    await expect(r.run(get, attempt)).resolves.toBe('ok');
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never sends a %s twice', async (method) => {
    const { r } = subject();
    const attempt = vi.fn(async () => {
      throw fail(503);
    });
    await expect(r.run({ ...get, method }, attempt)).rejects.toMatchObject({ status: 503 });
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a refusal (400)', fail(400)],
    ['a 500', fail(500)],
    ['a broken answer', fail(502, 'CONTRACT_VIOLATION')],
    ['a stall cut by the deadline', fail(0, 'DEADLINE')],
  ])('does not retry %s', async (_name, err) => {
    const { r } = subject();
    const attempt = vi.fn(async () => {
      throw err;
    });
    await expect(r.run(get, attempt)).rejects.toBe(err);
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('honours Retry-After up to 2 s', async () => {
    expect(backoffMs(0, () => 0.9, 1_500)).toBe(1_500);
    expect(backoffMs(0, () => 0.9, 30_000)).toBe(2_000);
    expect(parseRetryAfter('3')).toBe(3_000);
    expect(parseRetryAfter(new Date(Date.now() + 1_000).toUTCString())).toBeLessThanOrEqual(1_000);
    const { r, waits } = subject();
    const attempt = vi.fn().mockRejectedValueOnce(fail(429, undefined, 60_000)).mockResolvedValueOnce('ok');
    await r.run(get, attempt);
    expect(waits).toEqual([2_000]);
  });

  it('full jitter stays between 0 and the capped exponential', () => {
    for (const random of [0, 0.25, 0.999]) for (const attempt of [0, 1, 5]) expect(backoffMs(attempt, () => random)).toBeLessThan(Math.min(1_000, 100 * 2 ** attempt));
  });

  it('spends at most 10 % of the calls of the last 10 s on retries (at least 3)', async () => {
    const { r, events } = subject();
    const ok = async () => 'ok';
    for (let i = 0; i < 50; i++) await r.run(get, ok);
    // 50 calls → 5 retries allowed in the window; each failing GET wants 2.
    let attempts = 0;
    const failing = async () => {
      attempts++;
      throw fail(503);
    };
    for (let i = 0; i < 5; i++) await r.run(get, failing).catch(() => undefined);
    expect(attempts - 5).toBeLessThanOrEqual(Math.floor((50 + attempts) * BUDGET.ratio));
    expect(events).toContain('budget-exhausted:cotas');
    // The window slides: 10 s later the budget is back.
    vi.advanceTimersByTime(BUDGET.windowMs + 1);
    expect(r.budget.tryRetry()).toBe(true);
  });

  it('keeps the budget in constant memory, however many calls the server makes without a retry', () => {
    const { r } = subject();
    const before = process.memoryUsage().heapUsed;
    // 2 million calls over 200 s: a timestamp kept per call would hold ≥ 16 MB.
    for (let i = 0; i < 2_000_000; i++) {
      if (i % 10_000 === 0) vi.advanceTimersByTime(1_000);
      r.budget.recordCall();
    }
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(8 * 2 ** 20);
    // Only the last 10 s count: 100 000 calls there allow 10 000 retries.
    let retries = 0;
    while (r.budget.tryRetry() && retries < 20_000) retries++;
    expect(retries).toBeGreaterThanOrEqual(9_000);
    expect(retries).toBeLessThanOrEqual(11_000);
  });

  it('counts a window of calls exactly as they slide out', () => {
    const count = new SlidingCount(10_000, 100);
    count.add(1_000);
    count.add(5_000);
    expect(count.total(5_000)).toBe(2);
    expect(count.total(11_000)).toBe(1);
    expect(count.total(15_000)).toBe(0);
  });

  it('stops waiting when the screen’s deadline fires', async () => {
    const r = new Resilience({ random: () => 0.5 });
    const deadline = new AbortController();
    const attempt = vi.fn(async () => {
      throw fail(503);
    });
    const running = r.run({ ...get, signal: deadline.signal }, attempt);
    deadline.abort();
    await expect(running).rejects.toMatchObject({ status: 503 });
    expect(attempt).toHaveBeenCalledTimes(1);
    // The screens' own deadline (an emitter) cuts the wait as well.
    const screenDeadline = new Deadline(60_000);
    const waiting = r.run({ ...get, signal: screenDeadline }, attempt);
    screenDeadline.abort(new Error('past the deadline'));
    await expect(waiting).rejects.toMatchObject({ status: 503 });
    expect(attempt).toHaveBeenCalledTimes(2);
    screenDeadline.clear();
  });
});

describe('circuit breaker per route group', () => {
  const post = { method: 'POST', group: 'cotas', path: 'cotas/{id}' };
  const broken = async () => {
    throw fail(500);
  };

  it('does not open under 20 calls in 10 s, however many fail', async () => {
    const { r } = subject();
    for (let i = 0; i < BREAKER.minimumCalls - 2; i++) await r.run(post, broken).catch(() => undefined);
    expect(r.state('cotas')).toBe(CircuitState.Closed);
  });

  it('opens at 50 % failures over at least 20 calls in 10 s, then answers at once without calling, and only for that group', async () => {
    const { r, events } = subject();
    const ok = async () => 'ok';
    for (let i = 0; i < 12; i++) {
      await r.run(post, ok);
      vi.advanceTimersByTime(100);
    }
    for (let i = 0; i < 14 && r.state('cotas') === CircuitState.Closed; i++) {
      await r.run(post, broken).catch(() => undefined);
      vi.advanceTimersByTime(100);
    }
    expect(r.state('cotas')).toBe(CircuitState.Open);
    expect(events).toContain('breaker-open:cotas');
    const attempt = vi.fn(ok);
    await expect(r.run(post, attempt)).rejects.toMatchObject({ status: 503, code: 'CIRCUIT_OPEN' });
    expect(attempt).not.toHaveBeenCalled();
    await expect(r.run({ ...post, group: 'parceiros' }, ok)).resolves.toBe('ok');
    // After 5 s one trial call goes through; its success closes the breaker.
    vi.advanceTimersByTime(BREAKER.halfOpenAfterMs);
    await expect(r.run(post, ok)).resolves.toBe('ok');
    expect(r.state('cotas')).toBe(CircuitState.Closed);
  });

  it('does not count refusals (4xx) as failures', async () => {
    const { r } = subject();
    for (let i = 0; i < 40; i++) {
      await r.run(post, async () => {
        throw fail(422);
      }).catch(() => undefined);
      vi.advanceTimersByTime(100);
    }
    expect(r.state('cotas')).toBe(CircuitState.Closed);
  });
});
