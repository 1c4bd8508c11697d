import { bucketOf } from './sketch.js';

export type Platform = 'web' | 'android' | 'ios';
export const PLATFORMS: readonly Platform[] = ['web', 'android', 'ios'];

/** Where a count belongs: the day (Brasília), the flow and step, the definitions version in service, the partner and the platform. */
export interface Place {
  day: string;
  flow: string;
  step: string;
  version: number;
  partner: number;
  platform: Platform;
}

export interface StepCounts {
  arrivals: number;
  completions: number;
  failures: number;
}

/** What was counted since the last flush; keys are places (plus field and reason, or bucket) joined by SEP. */
export interface Batch {
  steps: Map<string, StepCounts>;
  refusals: Map<string, number>;
  durations: Map<string, number>;
  /** Secondary parts left out of a screen, by place, part and reason (late or failed). */
  parts: Map<string, number>;
}

/** Separates the parts of a key (never inside a part: every part is cleaned of control characters). */
export const SEP = '\u001f';

export const placeKey = (p: Place) => `${p.day}${SEP}${p.flow}${SEP}${p.step}${SEP}${p.version}${SEP}${p.partner}${SEP}${p.platform}`;

export function placeOf(key: string): Place {
  const [day, flow, step, version, partner, platform] = key.split(SEP) as [string, string, string, string, string, Platform];
  return { day, flow, step, version: Number(version), partner: Number(partner), platform };
}

const emptyBatch = (): Batch => ({ steps: new Map(), refusals: new Map(), durations: new Map(), parts: new Map() });

/** Distinct refusal reasons kept between two flushes; further new ones are counted as "Outros motivos". */
const MAX_REFUSAL_KEYS = 20_000;
export const OTHER_REASONS = 'Outros motivos';

/** A visitor's last arrival at a step of a flow: where (its place's key) and when. */
interface Visit {
  flow: string;
  step: string;
  placeKey: string;
  at: number;
  expires: number;
}

/**
 * Arrival times by visitor, in this process's memory only (never stored): the key is a hash of the
 * session made with a key that lives and dies with the process. Each entry lives as long as an
 * idle session would; the oldest go first beyond `max` visitors.
 */
export class VisitorMemory {
  private readonly visits = new Map<string, Visit>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 100_000,
  ) {}

  get(visitor: string, now: number): Visit | undefined {
    const visit = this.visits.get(visitor);
    if (visit && visit.expires <= now) {
      this.visits.delete(visitor);
      return undefined;
    }
    return visit;
  }

  set(visitor: string, visit: Omit<Visit, 'expires'>, now: number): void {
    this.visits.delete(visitor);
    this.visits.set(visitor, { ...visit, expires: now + this.ttlMs });
    if (this.visits.size > this.max) this.visits.delete(this.visits.keys().next().value!);
  }

  /** Drops the visits past their time (called now and then, not on the request path). */
  sweep(now: number): void {
    for (const [visitor, visit] of this.visits) if (visit.expires <= now) this.visits.delete(visitor);
  }

  get size(): number {
    return this.visits.size;
  }
}

/**
 * Counters in memory between two flushes: arrivals, completions, upstream failures, refusals by
 * field and reason, the secondary parts left out of screens, and the time from a visitor's arrival at a step to the next step, as log-scale
 * bucket counts. `take` hands the counts over for writing and starts afresh.
 */
export class Recorder {
  private batch = emptyBatch();
  readonly visitors: VisitorMemory;

  constructor(visitorTtlMs: number) {
    this.visitors = new VisitorMemory(visitorTtlMs);
  }

  private counts(place: Place): StepCounts {
    const key = placeKey(place);
    let counts = this.batch.steps.get(key);
    if (!counts) {
      counts = { arrivals: 0, completions: 0, failures: 0 };
      this.batch.steps.set(key, counts);
    }
    return counts;
  }

  /**
   * A screen of a step was served. A read step (no leaving action) is concluded by being seen. For
   * a visitor whose previous arrival in the same flow was at another step, the time since then is
   * that step's time to the next step.
   */
  arrive(place: Place, read: boolean, visitor: string | null, now: number): void {
    const counts = this.counts(place);
    counts.arrivals++;
    if (read) counts.completions++;
    if (!visitor || !place.flow) return;
    const previous = this.visitors.get(visitor, now);
    if (previous && previous.flow === place.flow && previous.step === place.step) {
      this.visitors.set(visitor, previous, now); // a reload: the arrival stays the first one
      return;
    }
    if (previous && previous.flow === place.flow) this.duration(previous.placeKey, now - previous.at);
    this.visitors.set(visitor, { flow: place.flow, step: place.step, placeKey: placeKey(place), at: now }, now);
  }

  complete(place: Place): void {
    this.counts(place).completions++;
  }

  fail(place: Place): void {
    this.counts(place).failures++;
  }

  refuse(place: Place, field: string, reason: string): void {
    const base = `${placeKey(place)}${SEP}${field}${SEP}`;
    let key = `${base}${reason}`;
    if (!this.batch.refusals.has(key) && this.batch.refusals.size >= MAX_REFUSAL_KEYS) key = `${base}${OTHER_REASONS}`;
    this.batch.refusals.set(key, (this.batch.refusals.get(key) ?? 0) + 1);
  }

  /** A secondary part of a screen left out: late (past its budget) or failed. */
  dropPart(place: Place, part: string, reason: 'late' | 'failed'): void {
    const key = `${placeKey(place)}${SEP}${part}${SEP}${reason}`;
    this.batch.parts.set(key, (this.batch.parts.get(key) ?? 0) + 1);
  }

  private duration(placeKey: string, ms: number): void {
    const key = `${placeKey}${SEP}${bucketOf(ms)}`;
    this.batch.durations.set(key, (this.batch.durations.get(key) ?? 0) + 1);
  }

  /** The counts so far, handed over; counting goes on in a fresh batch. */
  take(): Batch {
    const taken = this.batch;
    this.batch = emptyBatch();
    return taken;
  }

  /** Counts that could not be written go back, added to what was counted meanwhile. */
  restore(batch: Batch): void {
    for (const [key, c] of batch.steps) {
      const counts = this.batch.steps.get(key);
      if (counts) {
        counts.arrivals += c.arrivals;
        counts.completions += c.completions;
        counts.failures += c.failures;
      } else this.batch.steps.set(key, c);
    }
    for (const [key, n] of batch.refusals) this.batch.refusals.set(key, (this.batch.refusals.get(key) ?? 0) + n);
    for (const [key, n] of batch.durations) this.batch.durations.set(key, (this.batch.durations.get(key) ?? 0) + n);
    for (const [key, n] of batch.parts) this.batch.parts.set(key, (this.batch.parts.get(key) ?? 0) + n);
  }

  get pending(): number {
    return this.batch.steps.size + this.batch.refusals.size + this.batch.durations.size + this.batch.parts.size;
  }
}
