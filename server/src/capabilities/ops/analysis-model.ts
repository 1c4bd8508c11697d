import type { Revision } from '../../analytics/revisions.js';
import { formatDate } from '../../domain/format.js';
import { formatDateTime } from '../../domain/clock.js';
import { analysisHref, PERIODS, type Analysis, type AnalysisQuery, type StepFigures } from './analysis.js';
import { formatCount, formatPoints, formatShare, formatTime, share, withheld } from './analysis-format.js';

/** The analysis page's figures as its layout reads them (screens/console/layouts/ops-analise.json), and the funnel rows other pages borrow. */

type Text = (key: string, values?: unknown) => string;
const PLATFORMS = ['web', 'android', 'ios'] as const;

/** One row of a funnel table: the figures of a step. */
export function funnelRow(f: StepFigures): string[] {
  return [f.step.label, formatCount(f.arrivals), formatCount(f.completions), formatCount(f.dropped), formatTime(f.median, f.measured)];
}

/** A revision in words: when and by whom it was published, and the versions it served. */
function revisionText(r: Revision, current: number, text: Text): string {
  const span =
    r.until === null ? text('ops.revisao.desde', { v: r.version }) : r.until === r.version ? text('ops.revisao.so-na', { v: r.version }) : text('ops.revisao.da-a', { v: r.version, ate: r.until });
  const today = r.until === null && current > r.version ? text('ops.revisao.hoje', { v: current }) : '';
  return text('ops.revisao.texto', { v: r.version, quando: formatDateTime(r.createdAt), autor: r.author, periodo: span, hoje: today });
}

/** The flow and filters in force, carried by the comparison's submit (the form holds only the versions). */
function keptFilters(query: AnalysisQuery): Record<string, string | number> {
  const kept: Record<string, string | number> = {};
  for (const key of ['fluxo', 'periodo', 'de', 'ate', 'parceiro', 'plataforma'] as const) if (query[key] !== undefined) kept[key] = query[key]!;
  return kept;
}

function comparisonModel(a: Analysis, text: Text) {
  const comparable = a.definitions.filter((d) => d.revisions.length >= 2);
  if (comparable.length === 0) return { comparar: null, comparacao: null };
  const picked = a.comparison?.definition ?? comparable.find((d) => d.id === a.query.definicao) ?? comparable[0]!;
  const comparar = {
    definicoes: comparable.map((d) => ({ const: d.id, title: `${d.title} (${d.id})` })),
    versoes: picked.revisions.map((r) => ({ const: r.version, title: `v${r.version} (${formatDateTime(r.createdAt)})` })),
    valores: { definicao: picked.id, a: a.comparison?.a.version ?? picked.revisions.at(-2)!.version, b: a.comparison?.b.version ?? picked.revisions.at(-1)!.version },
    filtros: keptFilters(a.query),
  };
  const c = a.comparison;
  if (!c) return { comparar, comparacao: null };
  return {
    comparar,
    comparacao: {
      titulo: c.definition.title,
      va: `v${c.a.version}`,
      vb: `v${c.b.version}`,
      revisaoA: revisionText(c.a, a.current, text),
      revisaoB: revisionText(c.b, a.current, text),
      linhas: c.stepsA.map((fa, i) => {
        const fb = c.stepsB[i]!;
        const ra = share(fa.completions, fa.arrivals);
        const rb = share(fb.completions, fb.arrivals);
        return [
          fa.step.label,
          formatCount(fa.arrivals),
          formatCount(fb.arrivals),
          `${formatCount(fa.completions)} (${formatShare(ra)})`,
          `${formatCount(fb.completions)} (${formatShare(rb)})`,
          formatPoints(ra, rb),
          formatTime(fa.median, fa.measured),
          formatTime(fb.median, fb.measured),
        ];
      }),
    },
  };
}

/** The whole page's model: the flows, the filters, the funnel, refusals, times and failures, version against version. */
export function analysisModel(a: Analysis, flows: ReadonlyArray<{ id: string; name: string }>, partners: ReadonlyArray<{ id: number; name: string }>, text: Text) {
  const value = (n: number) => (withheld(n) ? 0 : n);
  const partner = a.filters.partner === undefined ? text('ops.analise.todos') : (partners.find((p) => p.id === a.filters.partner)?.name ?? text('ops.analise.parceiro-n', { id: a.filters.partner }));
  const platform = a.filters.platform ? text(`ops.plataforma.${a.filters.platform}`) : text('ops.analise.todas');
  return {
    fluxos: flows.map((f) => ({ id: f.id, nome: f.name, atual: f.id === a.flow.id, destino: analysisHref({ ...a.query, definicao: undefined, versao: undefined, a: undefined, b: undefined }, { fluxo: f.id }) })),
    filtros: {
      periodos: Object.keys(PERIODS).map((days) => ({ const: days, title: text(`ops.analise.periodo.${days}`) })),
      parceiros: [{ const: 'todos', title: text('ops.analise.filtro.todos') }, ...partners.map((p) => ({ const: String(p.id), title: p.name }))],
      plataformas: [{ const: 'todas', title: text('ops.analise.filtro.todas') }, ...PLATFORMS.map((p) => ({ const: p, title: text(`ops.plataforma.${p}`) }))],
      valores: {
        periodo: a.query.periodo ?? '30',
        ...(a.query.de ? { de: a.query.de } : {}),
        ...(a.query.ate ? { ate: a.query.ate } : {}),
        parceiro: a.query.parceiro === undefined ? 'todos' : String(a.query.parceiro),
        plataforma: a.query.plataforma ?? 'todas',
      },
    },
    fluxo: { id: a.flow.id, nome: a.flow.name },
    resumo: text('ops.analise.resumo', { de: formatDate(a.filters.from), ate: formatDate(a.filters.to), parceiro: partner, plataforma: platform }),
    revisao: a.revision ? { definicao: a.revision.definition, texto: revisionText(a.revision, a.current, text), todas: analysisHref({ fluxo: a.flow.id }) } : null,
    funil: {
      barras: a.steps.map((f) => ({ label: f.step.label, values: [value(f.arrivals), value(f.completions)], texts: [formatCount(f.arrivals), formatCount(f.completions)] })),
      linhas: a.steps.map(funnelRow),
    },
    csv: analysisHref(a.query, {}, '/api/ops/analise.csv'),
    recusas: a.steps
      .filter((f) => f.refusals.length > 0)
      .map((f) => ({ id: f.step.id, etapa: f.step.label, linhas: f.refusals.map((r) => [a.fieldLabels[r.field] ?? r.field, r.reason, formatCount(r.count)]) })),
    tempos: a.steps.map((f) => [f.step.label, formatTime(f.median, f.measured), formatTime(f.p90, f.measured), formatCount(f.measured), formatCount(f.failures)]),
    ...comparisonModel(a, text),
  };
}

/** For a draft's review: the current figures of the steps it changes, flow by flow, with each flow's page. */
export function changedStepsModel(entries: Array<{ flow: { id: string; name: string }; steps: StepFigures[] }>, period: { from: string; to: string }) {
  return {
    de: formatDate(period.from),
    ate: formatDate(period.to),
    fluxos: entries.map(({ flow, steps }) => ({ id: flow.id, nome: flow.name, linhas: steps.map(funnelRow), destino: analysisHref({ fluxo: flow.id }) })),
  };
}
