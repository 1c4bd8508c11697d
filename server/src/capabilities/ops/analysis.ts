import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { resolveSteps, type Funnel, type ResolvedStep } from '../../analytics/funnels.js';
import { PLATFORMS, type Platform } from '../../analytics/recorder.js';
import { versionsOf, type Revision } from '../../analytics/revisions.js';
import { mergeInto, quantile } from '../../analytics/sketch.js';
import type { DurationRow, Filters, RefusalRow, StepRow } from '../../analytics/store.js';
import { BRAZIL_TZ } from '../../domain/clock.js';
import { documentLabels } from '../../flow-parts/index.js';
import { FORM_FIELD } from '../../analytics/privacy.js';

/** The periods the page offers, in days back from today (13 months is everything kept). */
export const PERIODS = { '7': 'Últimos 7 dias', '30': 'Últimos 30 dias', '90': 'Últimos 90 dias', '395': 'Últimos 13 meses' } as const;
export type Period = keyof typeof PERIODS;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((d) => dayjs(d).isValid() && dayjs(d).format('YYYY-MM-DD') === d);

/** What the page is asked (its address): every value checked, anything else ignored. */
export const AnalysisQuery = z.object({
  fluxo: z.string().regex(/^[a-z0-9-]+$/).optional().catch(undefined),
  periodo: z.enum(Object.keys(PERIODS) as [Period, ...Period[]]).optional().catch(undefined),
  de: Day.optional().catch(undefined),
  ate: Day.optional().catch(undefined),
  parceiro: z.coerce.number().int().positive().optional().catch(undefined),
  plataforma: z.enum(PLATFORMS as [Platform, ...Platform[]]).optional().catch(undefined),
  definicao: z.string().regex(/^[a-z0-9-]+$/).optional().catch(undefined),
  versao: z.coerce.number().int().positive().optional().catch(undefined),
  a: z.coerce.number().int().positive().optional().catch(undefined),
  b: z.coerce.number().int().positive().optional().catch(undefined),
});
export type AnalysisQuery = z.infer<typeof AnalysisQuery>;

export const readQuery = (params: URLSearchParams): AnalysisQuery => AnalysisQuery.parse(Object.fromEntries(params));

/** The query back as an address of the page (only what is set), with `change` applied. */
export function analysisHref(query: AnalysisQuery, change: Partial<Record<keyof AnalysisQuery, string | number | undefined>> = {}, base = '/ops/analise'): string {
  const merged: Record<string, unknown> = { ...query, ...change };
  const params = new URLSearchParams();
  for (const key of Object.keys(AnalysisQuery.shape)) {
    const value = merged[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}

/** A step's figures over the counts chosen (a period, a partner, a platform, some versions). */
export interface StepFigures {
  step: ResolvedStep;
  arrivals: number;
  completions: number;
  /** Reached and not concluded by the step's own action (never below 0). */
  dropped: number;
  failures: number;
  /** How many times the next step was measured, and its median and 90th percentile (ms). */
  measured: number;
  median: number | null;
  p90: number | null;
  /** Most frequent first. */
  refusals: Array<{ field: string; reason: string; count: number }>;
}

/** The counts of some versions (all when `versions` is absent) gathered step by step, in the funnel's order. */
export function stepFigures(steps: ResolvedStep[], rows: { steps: StepRow[]; refusals: RefusalRow[]; durations: DurationRow[] }, versions?: ReadonlySet<number>): StepFigures[] {
  const wanted = (v: number) => !versions || versions.has(v);
  return steps.map((step) => {
    let arrivals = 0;
    let completions = 0;
    let failures = 0;
    for (const r of rows.steps) {
      if (r.step !== step.id || !wanted(r.version)) continue;
      arrivals += r.arrivals;
      completions += r.completions;
      failures += r.failures;
    }
    const buckets = new Map<number, number>();
    for (const d of rows.durations) if (d.step === step.id && wanted(d.version)) mergeInto(buckets, new Map([[d.bucket, d.count]]));
    const reasons = new Map<string, { field: string; reason: string; count: number }>();
    for (const r of rows.refusals) {
      if (r.step !== step.id || !wanted(r.version)) continue;
      const key = `${r.field}\u001f${r.reason}`;
      const entry = reasons.get(key) ?? { field: r.field, reason: r.reason, count: 0 };
      entry.count += r.count;
      reasons.set(key, entry);
    }
    let measured = 0;
    for (const n of buckets.values()) measured += n;
    return {
      step,
      arrivals,
      completions,
      dropped: Math.max(0, arrivals - completions),
      failures,
      measured,
      median: quantile(buckets, 0.5),
      p90: quantile(buckets, 0.9),
      refusals: [...reasons.values()].sort((a, b) => b.count - a.count || a.field.localeCompare(b.field) || a.reason.localeCompare(b.reason)),
    };
  });
}

/** The period the query asks: its own days when both are given (in order), else the days back from today. */
export function periodOf(query: AnalysisQuery, today: string, since?: string): { from: string; to: string } {
  if (query.de && query.ate) return query.de <= query.ate ? { from: query.de, to: query.ate } : { from: query.ate, to: query.de };
  if (since && !query.periodo) return { from: since, to: today };
  const days = Number(query.periodo ?? '30');
  return { from: dayjs(today).subtract(days - 1, 'day').format('YYYY-MM-DD'), to: today };
}

/** A definition of the flow with its published versions, oldest first. */
export interface DefinitionVersions {
  id: string;
  title: string;
  revisions: Revision[];
}

export interface Analysis {
  flow: Funnel;
  query: AnalysisQuery;
  filters: Filters;
  steps: StepFigures[];
  definitions: DefinitionVersions[];
  /** The revision the figures are limited to (the history's link), when asked. */
  revision: Revision | null;
  /** Two revisions of one definition, side by side. */
  comparison: { definition: DefinitionVersions; a: Revision; b: Revision; stepsA: StepFigures[]; stepsB: StepFigures[] } | null;
  fieldLabels: Record<string, string>;
  current: number;
}

/**
 * Everything the page shows for a query: the flow's steps (labels and order of the version in
 * service) with their figures over the period, partner and platform; the definitions' versions;
 * a comparison of two versions when asked. This instance's counts are written first, so the page
 * shows what was counted up to now here (other instances' within their flush interval).
 */
export async function analyse(app: FastifyInstance, query: AnalysisQuery): Promise<Analysis> {
  await app.analytics.flush().catch((err: unknown) => app.log.warn({ err }, 'analytics counts not written before reading'));
  const funnels = app.analytics.funnels.flows;
  const flow = funnels.find((f) => f.id === query.fluxo) ?? funnels[0]!;
  const current = app.flows.version;
  const byDefinition = await app.definitionRevisions.all(current);
  const definitions: DefinitionVersions[] = flow.definitions.map((id) => ({
    id,
    title: app.flows.bundle.definitions.find((d) => d.id === id)?.title ?? id,
    revisions: byDefinition.get(id) ?? [],
  }));
  const chosen = definitions.find((d) => d.id === query.definicao);
  const revision = chosen && query.versao !== undefined && query.a === undefined ? (chosen.revisions.find((r) => r.version === query.versao) ?? null) : null;
  const today = app.analytics.today();
  const { from, to } = periodOf(query, today, revision ? dayjs(revision.createdAt).tz(BRAZIL_TZ).format('YYYY-MM-DD') : undefined);
  const filters: Filters = { flow: flow.id, from, to, partner: query.parceiro, platform: query.plataforma };
  const [steps, refusals, durations] = await Promise.all([app.analytics.store.steps(filters), app.analytics.store.refusals(filters), app.analytics.store.durations(filters)]);
  const rows = { steps, refusals, durations };
  const resolved = resolveSteps(flow, app.flows.bundle);
  const figures = stepFigures(resolved, rows, revision ? new Set(versionsOf(revision, current)) : undefined);

  let comparison: Analysis['comparison'] = null;
  if (chosen && query.a !== undefined && query.b !== undefined) {
    const a = chosen.revisions.find((r) => r.version === query.a);
    const b = chosen.revisions.find((r) => r.version === query.b);
    if (a && b) {
      comparison = { definition: chosen, a, b, stepsA: stepFigures(resolved, rows, new Set(versionsOf(a, current))), stepsB: stepFigures(resolved, rows, new Set(versionsOf(b, current))) };
    }
  }
  return { flow, query: { ...query, fluxo: flow.id }, filters, steps: figures, definitions, revision, comparison, fieldLabels: fieldLabels(app, flow), current };
}

/** What each field is called on the flow's screens (their forms' titles) and the documents' names. */
export function fieldLabels(app: FastifyInstance, flow: Funnel): Record<string, string> {
  const labels: Record<string, string> = { ...documentLabels(), [FORM_FIELD]: 'Mensagem geral', 'outro-documento': 'Outro documento' };
  const screens = new Set(flow.steps.flatMap((s) => s.screens.map((p) => p.split('?')[0]!)));
  for (const route of app.definitions.routes) {
    if (!('screen' in route) || !screens.has(route.path)) continue;
    const layout = app.definitions.layouts.get(route.screen);
    if (layout) collectTitles(layout.layout, labels, (title) => (title.startsWith('@') ? app.text(title.slice(1)) : title));
  }
  return labels;
}

function collectTitles(node: unknown, into: Record<string, string>, text: (value: string) => string): void {
  if (Array.isArray(node)) return node.forEach((n) => collectTitles(n, into, text));
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  const properties = (record.schema as { properties?: Record<string, { title?: unknown }> } | undefined)?.properties;
  if (properties) {
    for (const [field, spec] of Object.entries(properties)) {
      if (typeof spec?.title === 'string' && !spec.title.includes('{{') && !(field in into)) into[field] = text(spec.title);
    }
  }
  for (const value of Object.values(record)) if (value && typeof value === 'object') collectTitles(value, into, text);
}

/** The figures of some steps of a flow over the last `days` days, every partner and platform (a draft's review). */
export async function stepsFigures(app: FastifyInstance, flow: Funnel, stepIds: readonly string[], days = 30): Promise<{ steps: StepFigures[]; period: { from: string; to: string } }> {
  await app.analytics.flush().catch((err: unknown) => app.log.warn({ err }, 'analytics counts not written before reading'));
  const period = periodOf({ periodo: String(days) as Period }, app.analytics.today());
  const filters: Filters = { flow: flow.id, ...period };
  const [steps, refusals, durations] = await Promise.all([app.analytics.store.steps(filters), app.analytics.store.refusals(filters), app.analytics.store.durations(filters)]);
  const resolved = resolveSteps(flow, app.flows.bundle).filter((s) => stepIds.includes(s.id));
  return { steps: stepFigures(resolved, { steps, refusals, durations }), period };
}
