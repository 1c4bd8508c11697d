import { createHash } from 'node:crypto';
import { declaredEndpoints } from '../../../back-office/catalogue.js';
import { refreshAfterOf, type Endpoint, type Keep } from '../../../back-office/endpoint.js';
import type { KeptAnswersStore, KeptEntry } from '../storage/kept-answers-store.js';
import type { SealKeys } from '../storage/sealing.js';
import { onAbort, type CallSignal } from './deadline.js';
import { UpstreamError } from './upstream-error.js';

/** Whose a call is, as far as a kept answer's sharing goes. */
export interface KeptOwner {
  /** The session's partner (a `partner` answer is kept for it). */
  partnerId?: number | undefined;
  /** The session's id (a `customer` answer is kept for it, within the session), hashed before it is a key. */
  sessionId?: string | undefined;
  /** The token a call carries (`customer` or `quota`) and the selected quota it stands for. */
  tokenScope?: string | undefined;
  quotaId?: number | undefined;
}

/** What a kept call is asked with: only its path parameters and query tell its answers apart (kept calls are reads). */
export interface KeptArgs {
  params?: Record<string, string | number> | undefined;
  query?: Record<string, string | number | undefined> | undefined;
}

/** An answer and when it was read from the back office (a kept one: earlier than now). */
export interface Read<T> {
  value: T;
  at: number;
}

/** Asks the back office; `background`: a refresh no customer waits for (no screen's deadline cuts it). */
export type Fetch<T> = (background: boolean) => Promise<T>;

export interface KeptAnswersOptions {
  store: KeptAnswersStore;
  /** Seals a customer's answers before a shared store holds them (the session's keys). */
  seal: SealKeys;
  /** Lives the configuration sets instead of the contract's, in seconds by endpoint name (0: not kept). */
  lives?: Readonly<Record<string, number>>;
  clock?: { now(): number };
  /**
   * Told of what failed without failing the request: a background refresh (the kept answer is
   * served until its life ends) or the shared store (the back office is asked instead).
   */
  onFailure?: (what: 'refresh' | 'store', endpoint: string, err: unknown) => void;
}

/** How long one instance holds the right to ask the back office for one answer while the others wait for it. */
const LEASE_MS = 5_000;
/** How often an instance waiting for another's answer looks for it in the shared store. */
const WAIT_STEP_MS = 25;
/** How long a forgotten bucket remembers when (a fetch started earlier does not write its answer back). */
const FORGOTTEN_MARK_MS = 120_000;
/** Shared answers an instance holds between two reads of the shared store. */
const NEAR_MAX = 10_000;

/**
 * Back-office answers read once and served again, as each endpoint's `keep` declares: for
 * everyone, for one partner or for one customer's session. Within its refresh period a kept answer
 * is served as it is; after that and until its life ends it is served while one background call
 * refreshes it; past its life it is asked for again. Concurrent requests for the same answer wait
 * for one call: in this process by its promise, across instances by a lease in the shared store
 * (the others wait for its answer there, and ask themselves only when the lease runs out). A
 * customer's successful change forgets what its endpoint `invalidates` for that customer.
 */
export class KeptAnswers {
  readonly clock: { now(): number };
  private readonly names = new Map(declaredEndpoints().map((d) => [d.endpoint, d.name]));
  private readonly running = new Map<string, Promise<Read<unknown>>>();
  private readonly refreshing = new Set<Promise<void>>();
  /** The slots a background refresh runs for: one at a time each. */
  private readonly refreshingSlots = new Set<string>();
  /** A shared store's non-personal answers, held here until their refresh time (no round trip per request). */
  private readonly near = new Map<string, KeptEntry>();

  constructor(private readonly options: KeptAnswersOptions) {
    this.clock = options.clock ?? { now: () => Date.now() };
  }

  /** The endpoint's keep, as declared or as the configuration sets its life; undefined when not kept. */
  keepOf(e: Endpoint): Keep | undefined {
    if (!e.keep) return undefined;
    const name = this.names.get(e);
    const life = name === undefined ? undefined : this.options.lives?.[name];
    if (life === undefined) return e.keep;
    return life > 0 ? { for: e.keep.for, seconds: life, refreshAfterSeconds: Math.min(refreshAfterOf(e.keep), life * 0.8) } : undefined;
  }

  /**
   * The endpoint's answer: kept, or asked for with `fetch` (and kept). A call whose owner is not
   * known well enough for its sharing (a partner's answer without a session) is simply asked for.
   */
  async read<T>(e: Endpoint, args: KeptArgs, owner: KeptOwner, fetch: Fetch<T>, signal?: CallSignal): Promise<Read<T>> {
    const keep = this.keepOf(e);
    const slot = keep && this.slotOf(e, keep, args, owner);
    if (!keep || !slot) return { value: await fetch(false), at: this.clock.now() };
    const now = this.clock.now();
    const entry = await this.entryOf(slot, keep);
    if (entry && now < entry.at + keep.seconds * 1000) {
      if (now >= entry.at + refreshAfterOf(keep) * 1000) this.refreshInBackground(e, keep, slot, fetch as Fetch<unknown>);
      return entry as Read<T>;
    }
    return this.coalesced(slot, () => this.fetchAndKeep(e, keep, slot, fetch, signal)) as Promise<Read<T>>;
  }

  /** Forgets, for this owner, every answer that `changed`'s success made stale. */
  async invalidate(changed: readonly Endpoint[], owner: KeptOwner): Promise<void> {
    const buckets: string[] = [];
    for (const e of changed) {
      const keep = this.keepOf(e);
      const bucket = keep && this.bucketOf(e, keep, owner);
      if (!bucket) continue;
      buckets.push(bucket);
      for (const key of this.running.keys()) if (key.startsWith(`${bucket}\u0000`)) this.running.delete(key);
      for (const key of this.near.keys()) if (key.startsWith(`${bucket}\u0000`)) this.near.delete(key);
    }
    await this.options.store.forget(buckets, this.clock.now(), FORGOTTEN_MARK_MS).catch((err: unknown) => this.options.onFailure?.('store', changed.map((e) => this.names.get(e)).join(','), err));
  }

  /** Forgets everything kept, here and in the shared store, but the answers of `except`. */
  async forgetAll(except: readonly Endpoint[] = []): Promise<void> {
    const kept = except.map((e) => `kept:${this.names.get(e) ?? e.path}:`);
    const forgotten = (key: string) => !kept.some((prefix) => key.startsWith(prefix));
    for (const key of this.near.keys()) if (forgotten(key)) this.near.delete(key);
    for (const key of this.running.keys()) if (forgotten(key)) this.running.delete(key);
    await this.options.store.forgetAll(forgotten);
  }

  /** Resolves once no background refresh runs (on close, before the store goes). */
  async settled(): Promise<void> {
    while (this.refreshing.size > 0) await Promise.allSettled([...this.refreshing]);
  }

  private bucketOf(e: Endpoint, keep: Keep, owner: KeptOwner): string | null {
    const name = this.names.get(e);
    if (name === undefined) return null;
    if (keep.for === 'everyone') return `kept:${name}:all`;
    if (keep.for === 'partner') return owner.partnerId === undefined ? null : `kept:${name}:p${owner.partnerId}`;
    return owner.sessionId === undefined ? null : `kept:${name}:s${hash(owner.sessionId)}`;
  }

  private slotOf(e: Endpoint, keep: Keep, args: KeptArgs, owner: KeptOwner): Slot | null {
    const bucket = this.bucketOf(e, keep, owner);
    if (!bucket) return null;
    const parts: unknown[] = [sorted(args.params), sorted(args.query)];
    if (keep.for === 'customer') parts.push(owner.tokenScope ?? 'customer', owner.tokenScope === 'quota' ? (owner.quotaId ?? null) : null);
    const plain = JSON.stringify(parts);
    // In a shared store a field is a hash: no parameter is written there in clear.
    const field = this.options.store.shared ? hash(plain) : plain;
    return { bucket, field, personal: keep.for === 'customer', name: this.names.get(e)! };
  }

  private async entryOf(slot: Slot, keep: Keep): Promise<KeptEntry | null> {
    const nearKey = `${slot.bucket}\u0000${slot.field}`;
    const near = this.near.get(nearKey);
    if (near && this.clock.now() < near.at + refreshAfterOf(keep) * 1000) return near;
    const stored = await this.options.store.get(slot.bucket, slot.field).catch((err: unknown) => {
      this.options.onFailure?.('store', slot.name, err);
      return null;
    });
    if (!stored) return null;
    const entry = this.opened(stored, slot);
    if (entry && this.options.store.shared && !slot.personal) {
      if (this.near.size >= NEAR_MAX) this.near.clear();
      this.near.set(nearKey, entry);
    }
    return entry;
  }

  /** One call for one answer in this process: later callers wait for the running one. */
  private coalesced(slot: Slot, run: () => Promise<Read<unknown>>): Promise<Read<unknown>> {
    const key = `${slot.bucket}\u0000${slot.field}`;
    const already = this.running.get(key);
    if (already) return already;
    const promise = run().finally(() => {
      if (this.running.get(key) === promise) this.running.delete(key);
    });
    this.running.set(key, promise);
    return promise;
  }

  /** Asks the back office once across instances: the lease holder asks, the others wait for its answer in the store. */
  private async fetchAndKeep<T>(e: Endpoint, keep: Keep, slot: Slot, fetch: Fetch<T>, signal: CallSignal | undefined): Promise<Read<T>> {
    const store = this.options.store;
    const lease = `kept:lease:${slot.bucket}:${slot.field}`;
    const startedAt = this.clock.now();
    if (!(await store.lease(lease, LEASE_MS).catch(() => true))) {
      const theirs = await this.waitForAnswer(slot, keep, lease, startedAt, signal, e.path);
      if (theirs) return theirs as Read<T>;
    }
    try {
      const value = await fetch(false);
      const read = { value, at: this.clock.now() };
      await this.keepAnswer(slot, keep, read, startedAt).catch((err: unknown) => this.options.onFailure?.('store', slot.name, err));
      return read;
    } finally {
      await store.release(lease).catch(() => undefined);
    }
  }

  /**
   * Another instance's answer once it is in the store, or null when the holder let the lease go
   * without one (it failed, or a customer's change made its answer stale) or the lease ran out.
   */
  private async waitForAnswer(slot: Slot, keep: Keep, lease: string, since: number, signal: CallSignal | undefined, path: string): Promise<Read<unknown> | null> {
    const until = since + LEASE_MS;
    while (this.clock.now() < until) {
      await pause(WAIT_STEP_MS, signal, path);
      const stored = await this.options.store.get(slot.bucket, slot.field).catch(() => null);
      const entry = stored && this.opened(stored, slot);
      if (entry && this.clock.now() < entry.at + keep.seconds * 1000) return entry;
      if (!(await this.options.store.held(lease).catch(() => false))) return null;
    }
    return null;
  }

  private refreshInBackground(e: Endpoint, keep: Keep, slot: Slot, fetch: Fetch<unknown>): void {
    const key = `${slot.bucket}\u0000${slot.field}`;
    if (this.refreshingSlots.has(key)) return;
    const run = async (): Promise<void> => {
      const startedAt = this.clock.now();
      const lease = `kept:lease:${slot.bucket}:${slot.field}`;
      // Another instance refreshes it: this one goes on serving what it has.
      if (!(await this.options.store.lease(lease, LEASE_MS))) return;
      try {
        await this.keepAnswer(slot, keep, { value: await fetch(true), at: this.clock.now() }, startedAt);
      } finally {
        await this.options.store.release(lease).catch(() => undefined);
      }
    };
    const done = run().catch((err: unknown) => this.options.onFailure?.('refresh', this.names.get(e) ?? e.path, err));
    this.refreshingSlots.add(key);
    this.refreshing.add(done);
    void done.finally(() => {
      this.refreshing.delete(done);
      this.refreshingSlots.delete(key);
    });
  }

  private async keepAnswer(slot: Slot, keep: Keep, read: Read<unknown>, startedAt: number): Promise<void> {
    const value = slot.personal && this.options.store.shared ? this.options.seal.seal(JSON.stringify(read.value), `${slot.bucket}:${slot.field}`) : read.value;
    await this.options.store.put(slot.bucket, slot.field, { value, at: read.at }, keep.seconds * 1000, startedAt);
    if (this.options.store.shared && !slot.personal) this.near.set(`${slot.bucket}\u0000${slot.field}`, read);
  }

  /** A stored entry as the caller reads it: a customer's answer unsealed (null when it does not open: another key ring, another slot). */
  private opened(entry: KeptEntry, slot: Slot): KeptEntry | null {
    if (!(slot.personal && this.options.store.shared)) return entry;
    const plain = typeof entry.value === 'string' ? this.options.seal.open(entry.value, `${slot.bucket}:${slot.field}`) : null;
    return plain === null ? null : { value: JSON.parse(plain) as unknown, at: entry.at };
  }
}

interface Slot {
  bucket: string;
  field: string;
  /** A customer's answer: sealed in a shared store, never held outside it. */
  personal: boolean;
  name: string;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 32);
}

/** A record's entries in key order, so that the same parameters make the same field whatever order they were written in. */
function sorted(record: Record<string, unknown> | undefined): [string, unknown][] {
  return Object.entries(record ?? {})
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Waits `ms`, or throws the deadline's error when the screen's deadline passes first. */
function pause(ms: number, signal: CallSignal | undefined, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UpstreamError(0, 'DEADLINE', undefined, path));
    const stop = signal ? onAbort(signal, () => {
      clearTimeout(timer);
      reject(new UpstreamError(0, 'DEADLINE', undefined, path));
    }) : undefined;
    const timer = setTimeout(() => {
      stop?.();
      resolve();
    }, ms);
  });
}
