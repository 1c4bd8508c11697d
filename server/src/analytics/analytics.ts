import { AsyncLocalStorage } from 'node:async_hooks';
import { hash, randomBytes } from 'node:crypto';
import dayjs from 'dayjs';
import type { FastifyRequest } from 'fastify';
import { CLIENT_PLATFORM_HEADER, type ActionResult } from '../../../screens/contract/index.js';
import { matchRoute, type RouteEntry } from '../composition/route-table.js';
import { AppError } from '../errors.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import type { FunnelFile } from './funnels.js';
import { FORM_FIELD, personalWords, safeField, safeReason } from './privacy.js';
import { Recorder, type Batch, type Place, type Platform } from './recorder.js';
import type { AnalyticsStore } from './store.js';
import { StepMap } from './step-map.js';

const BRAZIL_TZ = 'America/Sao_Paulo';

/** Counts are kept this many months, then removed (a year and the month before, to compare a month with the same one a year ago). */
export const RETENTION_MONTHS = 13;

/** Today's date in Brasília (YYYY-MM-DD), read from Intl once and kept until the next midnight there. */
export class BrazilDay {
  private day = '';
  private from = 0;
  private until = 0;
  private readonly format = new Intl.DateTimeFormat('en-CA', { timeZone: BRAZIL_TZ, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

  at(now: number): string {
    if (now >= this.from && now < this.until) return this.day;
    const parts = Object.fromEntries(this.format.formatToParts(now).map((p) => [p.type, p.value]));
    this.day = `${parts.year}-${parts.month}-${parts.day}`;
    const intoDay = ((Number(parts.hour) * 60 + Number(parts.minute)) * 60 + Number(parts.second)) * 1000 + (now % 1000);
    // At most an hour at a time: a change of the zone's offset is seen within the hour.
    this.from = now - intoDay;
    this.until = Math.min(this.from + 86_400_000, now + 3_600_000);
    return this.day;
  }
}

/** The platform a request comes from: a native wrapper names it; everything else is the web. */
export function platformOf(request: FastifyRequest): Platform {
  const header = request.headers[CLIENT_PLATFORM_HEADER];
  return header === 'android' || header === 'ios' ? header : 'web';
}

/** A failure of the back office (no answer, an error, an answer outside its contract), not a refusal. */
export function isUpstreamFailure(err: unknown): boolean {
  return err instanceof UpstreamError || (err instanceof AppError && err.code.startsWith('upstream.'));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Where this request's counts go (a screen's or an action's step), null when nothing is counted. */
    analyticsPlace: Place | null;
  }
}

export interface AnalyticsOptions {
  funnels: FunnelFile;
  store: AnalyticsStore;
  routes: readonly RouteEntry[];
  /** The definitions version in service. */
  version: () => number;
  /** How long a visitor's last arrival is remembered (an idle session's life). */
  visitorTtlMs: number;
  now?: () => number;
}

/**
 * Counts what the flows do, in memory, by day, flow, step, definitions version, partner and
 * platform: screens reached, steps concluded, refusals by field and reason, back-office failures,
 * the secondary parts screens were drawn without, and the time from a step to the next. Nothing here writes to the database on the request path:
 * `flush` writes the counts in batches (a timer, the console before it reads, and the close).
 */
export class Analytics {
  readonly steps: StepMap;
  private readonly recorder: Recorder;
  private readonly day = new BrazilDay();
  private readonly now: () => number;
  private readonly quietScope = new AsyncLocalStorage<true>();
  /** Lives and dies with the process: a visitor's key cannot be traced back to a session, nor kept. */
  private readonly secret = randomBytes(32).toString('base64url');
  private readonly read = new Set<string>();
  private writing: Promise<void> = Promise.resolve();
  private readonly failedRequests = new WeakSet<FastifyRequest>();

  readonly store: AnalyticsStore;

  constructor(private readonly options: AnalyticsOptions) {
    this.store = options.store;
    this.steps = new StepMap(options.funnels);
    this.recorder = new Recorder(options.visitorTtlMs);
    this.now = options.now ?? Date.now;
    for (const flow of options.funnels.flows) for (const step of flow.steps) if (step.leaves.length === 0) this.read.add(`${flow.id}/${step.id}`);
  }

  get funnels(): FunnelFile {
    return this.options.funnels;
  }

  /** Runs `work` (the console's previews of a persona's screens) without counting anything it does. */
  quiet<T>(work: () => Promise<T>): Promise<T> {
    return this.quietScope.run(true, work);
  }

  private place(request: FastifyRequest, partner: number, ref: { flow: string; step: string }): Place | null {
    if (this.quietScope.getStore()) return null;
    const place: Place = { day: this.day.at(this.now()), flow: ref.flow, step: ref.step, version: this.options.version(), partner, platform: platformOf(request) };
    request.analyticsPlace = place;
    return place;
  }

  /** A screen of a route is being composed: its step is where this request counts. */
  atScreen(request: FastifyRequest, partner: number, routePath: string, query: URLSearchParams): void {
    this.place(request, partner, this.steps.screen(routePath, query));
  }

  /** An action is being answered: the step it leaves is where this request counts. */
  atAction(request: FastifyRequest, partner: number, name: string, input: unknown): void {
    this.place(request, partner, this.steps.action(name, input));
  }

  /** The screen was served (a document, not a redirect). */
  arrived(request: FastifyRequest): void {
    const place = request.analyticsPlace;
    if (!place) return;
    // Only a flow's steps need the visitor (the time to the next step); a screen outside the flows is a count.
    this.recorder.arrive(place, this.read.has(`${place.flow}/${place.step}`), place.flow ? this.visitorOf(request) : null, this.now());
  }

  /** The back office failed this request (an error, or a part of the screen dropped); counted once per request. */
  failed(request: FastifyRequest, err?: unknown): void {
    const place = request.analyticsPlace;
    if (!place || (err !== undefined && !isUpstreamFailure(err)) || this.failedRequests.has(request)) return;
    this.failedRequests.add(request);
    this.recorder.fail(place);
  }

  /**
   * The secondary parts a screen was drawn without, each counted by part and reason: late (past its
   * budget; the renderer's follow-up brings it) or failed. Part names are the loaders' own words.
   */
  partsDropped(request: FastifyRequest, dropped: ReadonlyArray<{ part: string; reason: 'late' | 'failed' }>): void {
    const place = request.analyticsPlace;
    if (place) for (const d of dropped) this.recorder.dropPart(place, safeField(d.part), d.reason);
  }

  /** A refusal the screen itself shows (a document the analysis refused), counted with this request's step. */
  refused(request: FastifyRequest, field: string, reason: string): void {
    const place = request.analyticsPlace;
    if (place) this.recorder.refuse(place, safeField(field), safeReason(reason, this.personal(request)));
  }

  /**
   * An action's answer: a way forward concludes its step (unless it leads to a detour, manual
   * handling); field errors and error answers are refusals, by field and reason, except an error
   * offered for retry, which is the back office failing.
   */
  answered(request: FastifyRequest, result: ActionResult): void {
    const place = request.analyticsPlace;
    if (!place) return;
    if (result.kind === 'navigate' || result.kind === 'snackbar') {
      const to = result.to ? matchRoute(this.options.routes, result.to.split('?')[0]!) : null;
      if (!(to && this.steps.isDetour(to.route.path))) this.recorder.complete(place);
      return;
    }
    if (result.kind === 'field-errors') {
      const personal = this.personal(request);
      const fields = Object.entries(result.errors);
      if (fields.length === 0) this.recorder.refuse(place, FORM_FIELD, safeReason(result.message ?? '', personal));
      for (const [field, message] of fields) this.recorder.refuse(place, safeField(field), safeReason(message, personal));
    } else if (result.kind === 'error') {
      // An error offered for retry is the back office failing (unavailable), not a refusal.
      if (result.retry) this.failed(request);
      else this.recorder.refuse(place, FORM_FIELD, safeReason(result.message, this.personal(request)));
    }
  }

  /** The words of the customer's own data and of what the request carried: never kept in a reason. */
  private personal(request: FastifyRequest): Set<string> {
    const data = request.session?.data as unknown as { customer?: unknown; quota?: unknown } | undefined;
    return personalWords([request.body, data?.customer, data?.quota]);
  }

  /** The session hashed with the process's secret (SHA-256 of secret and id: one one-shot hash, far cheaper on the request path than a keyed HMAC). */
  private visitorOf(request: FastifyRequest): string | null {
    const id = request.session?.id;
    return id ? hash('sha256', `${this.secret}:${id}`, 'base64url') : null;
  }

  /**
   * Writes what was counted (one flush at a time); what could not be written stays counted in
   * memory for the next flush.
   */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      const batch: Batch = this.recorder.take();
      if (batch.steps.size + batch.refusals.size + batch.durations.size + batch.parts.size === 0) return;
      const left = await this.options.store.write(batch);
      if (left) {
        this.recorder.restore(left);
        throw new Error('analytics: counts not written; kept for the next flush');
      }
    });
    const done = this.writing;
    this.writing = done.catch(() => undefined);
    return done;
  }

  /** Forgets the visitors whose session would have ended. */
  sweep(): void {
    this.recorder.visitors.sweep(this.now());
  }

  /** Counts waiting for the next flush (distinct keys). */
  get pending(): number {
    return this.recorder.pending;
  }

  /** Removes the counts of the days more than 13 months before today (Brasília); answers how many rows went. */
  purgeExpired(): Promise<number> {
    return this.store.purge(dayjs(this.today()).subtract(RETENTION_MONTHS, 'month').format('YYYY-MM-DD'));
  }

  /** Today in Brasília. */
  today(): string {
    return this.day.at(this.now());
  }
}
