import { onAbort, type CallSignal } from './deadline.js';
import { BrokenCircuitError, CircuitState, SamplingBreaker, circuitBreaker, handleWhen, type CircuitBreakerPolicy } from 'cockatiel';
import { UpstreamError } from './upstream-error.js';

/**
 * How the server treats a struggling back office:
 * - only idempotent GETs are retried — at most twice, full jitter, on connect errors and
 *   502/503/504/429, honouring Retry-After up to 2 s — and only within a retry budget of 10 % of
 *   the calls to the upstream over 10 s (plus a floor of 3, so a quiet instance can still retry);
 *   a POST, PUT, PATCH or DELETE that was sent is never sent again;
 * - a circuit breaker per route group (the endpoint's `group`, cockatiel's SamplingBreaker) opens
 *   at 50 % failures over at least 20 calls in 10 s and then answers at once (503, so the screen
 *   degrades or shows its error) until a trial call after 5 s succeeds.
 * Every wait is cut short by the screen's deadline (upstream/deadline.ts).
 */
export const RETRY = { attempts: 2, baseMs: 100, capMs: 1_000, retryAfterCapMs: 2_000 } as const;
export const BUDGET = { ratio: 0.1, windowMs: 10_000, floor: 3 } as const;
export const BREAKER = { threshold: 0.5, windowMs: 10_000, minimumCalls: 20, halfOpenAfterMs: 5_000 } as const;

const RETRIABLE_STATUS = new Set([429, 502, 503, 504]);
const CONNECT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Whether a failed GET may be tried again: the back office said "later", or we never reached it. */
export function retriable(err: unknown): boolean {
  if (!(err instanceof UpstreamError)) return false;
  if (err.code === 'CONTRACT_VIOLATION' || err.code === 'CIRCUIT_OPEN') return false;
  if (RETRIABLE_STATUS.has(err.status)) return true;
  return err.status === 0 && err.code !== undefined && CONNECT_CODES.has(err.code);
}

/** Failures that count against a route group's breaker: an unavailable upstream or a broken answer; never a refusal (4xx). */
export function countsAsFailure(err: unknown): boolean {
  return err instanceof UpstreamError && err.unavailable && err.code !== 'CIRCUIT_OPEN';
}

/** Full jitter: a uniform wait between 0 and min(cap, base·2^attempt); Retry-After wins when given (up to 2 s). */
export function backoffMs(attempt: number, random: () => number, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(retryAfterMs, 0), RETRY.retryAfterCapMs);
  return Math.floor(random() * Math.min(RETRY.capMs, RETRY.baseMs * 2 ** attempt));
}

/** Retry-After as seconds or an HTTP date, in ms from now. */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * How many events happened in the last `windowMs`, kept in a ring of `slotMs` slots: constant
 * memory and constant time per event, whatever the rate (a timestamp per event grew with every
 * call the server made). An event is forgotten when its slot leaves the window, up to one slot
 * early.
 */
export class SlidingCount {
  private readonly slotOf: Float64Array;
  private readonly counts: Uint32Array;

  constructor(
    private readonly windowMs: number,
    private readonly slotMs: number,
  ) {
    const slots = Math.ceil(windowMs / slotMs) + 1;
    this.slotOf = new Float64Array(slots).fill(-Infinity);
    this.counts = new Uint32Array(slots);
  }

  add(now: number): void {
    const slot = Math.floor(now / this.slotMs);
    const i = slot % this.slotOf.length;
    if (this.slotOf[i] !== slot) {
      this.slotOf[i] = slot;
      this.counts[i] = 0;
    }
    this.counts[i]!++;
  }

  total(now: number): number {
    const oldest = Math.floor((now - this.windowMs) / this.slotMs);
    let n = 0;
    for (let i = 0; i < this.slotOf.length; i++) if (this.slotOf[i]! > oldest) n += this.counts[i]!;
    return n;
  }
}

/** At most 10 % of the calls to one upstream (over a sliding 10 s, in 100 ms slots) may be retries. */
export class RetryBudget {
  private readonly calls = new SlidingCount(BUDGET.windowMs, 100);
  private readonly retries = new SlidingCount(BUDGET.windowMs, 100);
  constructor(private readonly now: () => number = Date.now) {}

  recordCall(): void {
    this.calls.add(this.now());
  }
  /** Takes one retry from the budget, or says there is none left. */
  tryRetry(): boolean {
    const now = this.now();
    if (this.retries.total(now) >= Math.max(BUDGET.floor, Math.floor(this.calls.total(now) * BUDGET.ratio))) return false;
    this.retries.add(now);
    return true;
  }
}

export interface ResilienceDeps {
  now?: () => number;
  random?: () => number;
  /** Waits `ms`, or rejects when the signal aborts first. */
  sleep?: (ms: number, signal?: CallSignal) => Promise<void>;
  onEvent?: (event: { kind: 'retry' | 'breaker-open' | 'breaker-closed' | 'budget-exhausted'; group: string; attempt?: number; delayMs?: number }) => void;
}

function abortableSleep(ms: number, signal?: CallSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      stopListening?.();
      resolve();
    }, ms);
    const stopListening = signal
      ? onAbort(signal, () => {
          clearTimeout(timer);
          reject(signal.reason);
        })
      : null;
  });
}

/** Retries, budget and breakers of one upstream. */
export class Resilience {
  readonly budget: RetryBudget;
  private readonly breakers = new Map<string, CircuitBreakerPolicy>();
  private readonly random: () => number;
  private readonly sleep: (ms: number, signal?: CallSignal) => Promise<void>;

  constructor(private readonly deps: ResilienceDeps = {}) {
    this.budget = new RetryBudget(deps.now);
    this.random = deps.random ?? Math.random;
    this.sleep = deps.sleep ?? abortableSleep;
  }

  breaker(group: string): CircuitBreakerPolicy {
    let policy = this.breakers.get(group);
    if (!policy) {
      policy = circuitBreaker(handleWhen(countsAsFailure), {
        halfOpenAfter: BREAKER.halfOpenAfterMs,
        breaker: new SamplingBreaker({ threshold: BREAKER.threshold, duration: BREAKER.windowMs, minimumRps: BREAKER.minimumCalls / (BREAKER.windowMs / 1000) }),
      });
      policy.onBreak(() => this.deps.onEvent?.({ kind: 'breaker-open', group }));
      policy.onReset(() => this.deps.onEvent?.({ kind: 'breaker-closed', group }));
      this.breakers.set(group, policy);
    }
    return policy;
  }

  state(group: string): CircuitState {
    return this.breakers.get(group)?.state ?? CircuitState.Closed;
  }

  /** Runs one upstream call through the group's breaker, retrying a GET as the rules allow. */
  async run<T>(call: { method: string; group: string; path: string; signal?: CallSignal | undefined }, attempt: () => Promise<T>): Promise<T> {
    const once = () => this.breaker(call.group).execute(() => {
      this.budget.recordCall();
      return attempt();
    });
    for (let tried = 0; ; tried++) {
      try {
        return await once();
      } catch (err) {
        if (err instanceof BrokenCircuitError) throw new UpstreamError(503, 'CIRCUIT_OPEN', undefined, call.path, { cause: err });
        // Only an idempotent GET is sent again; anything else that was sent stays sent.
        if (call.method !== 'GET' || tried >= RETRY.attempts || !retriable(err) || call.signal?.aborted) throw err;
        if (!this.budget.tryRetry()) {
          this.deps.onEvent?.({ kind: 'budget-exhausted', group: call.group });
          throw err;
        }
        const delayMs = backoffMs(tried, this.random, (err as UpstreamError).retryAfterMs);
        this.deps.onEvent?.({ kind: 'retry', group: call.group, attempt: tried + 1, delayMs });
        try {
          await this.sleep(delayMs, call.signal);
        } catch {
          throw err;
        }
      }
    }
  }
}
