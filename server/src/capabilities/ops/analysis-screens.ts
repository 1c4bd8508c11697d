import type { ComponentNode } from '../../../../screens/contract/components.js';
import type { Funnel } from '../../analytics/funnels.js';
import type { Revision } from '../../analytics/revisions.js';
import { formatDate } from '../../domain/format.js';
import { formatDateTime } from '../../domain/clock.js';
import { analysisHref, PERIODS, type Analysis, type AnalysisQuery, type StepFigures } from './analysis.js';
import { formatCount, formatPoints, formatShare, formatTime, share, withheld } from './analysis-format.js';

/** The console's analysis page (/ops/analise) and the figures other console pages borrow from it. */

const PLATFORM_LABEL = { web: 'Web', android: 'Android', ios: 'iOS' } as const;

export const FUNNEL_COLUMNS = ['Etapa', 'Chegaram', 'Concluíram', 'Desistiram', 'Tempo mediano'];

const heading = (text: string, level: 1 | 2 | 3 = 1): ComponentNode => ({ type: 'heading', text, level });
const text = (t: string, tone?: 'info' | 'warning' | 'success'): ComponentNode => (tone ? { type: 'text', text: t, tone } : { type: 'text', text: t });

/** One row of the funnel table: the figures of a step. */
export function funnelRow(f: StepFigures): string[] {
  return [f.step.label, formatCount(f.arrivals), formatCount(f.completions), formatCount(f.dropped), formatTime(f.median, f.measured)];
}

export const funnelCaption = (flow: Funnel) => `Etapas de ${flow.name}`;

/** The funnel as bars (arrivals and completions per step) and as the table that is its accessible alternative. */
export function funnel(flow: Funnel, steps: StepFigures[], caption = funnelCaption(flow)): ComponentNode[] {
  const value = (n: number) => (withheld(n) ? 0 : n);
  return [
    {
      type: 'bar-chart',
      id: `funil-${flow.id}`,
      label: `Funil de ${flow.name}`,
      categoryLabel: 'Etapa',
      series: [
        { label: 'Chegaram', tone: 'info' },
        { label: 'Concluíram', tone: 'success' },
      ],
      bars: steps.map((f) => ({ label: f.step.label, values: [value(f.arrivals), value(f.completions)], texts: [formatCount(f.arrivals), formatCount(f.completions)] })),
      table: caption,
    },
    { type: 'table', id: `tabela-${flow.id}`, caption, columns: FUNNEL_COLUMNS, rows: steps.map(funnelRow) },
  ];
}

const periodText = (a: Analysis) => `${formatDate(a.filters.from)} a ${formatDate(a.filters.to)}`;

function filterSummary(a: Analysis, partners: ReadonlyArray<{ id: number; name: string }>): string {
  const partner = a.filters.partner === undefined ? 'todos' : (partners.find((p) => p.id === a.filters.partner)?.name ?? `parceiro ${a.filters.partner}`);
  const platform = a.filters.platform ? PLATFORM_LABEL[a.filters.platform] : 'todas';
  return `Período: ${periodText(a)} · Parceiro: ${partner} · Plataforma: ${platform}`;
}

function revisionText(r: Revision, current: number): string {
  const span = r.until === null ? `em serviço desde a v${r.version}` : r.until === r.version ? `em serviço só na v${r.version}` : `em serviço da v${r.version} à v${r.until}`;
  return `v${r.version}: publicada em ${formatDateTime(r.createdAt)} por ${r.author}, ${span}${r.until === null && current > r.version ? ` (hoje v${current})` : ''}`;
}

function filtersForm(query: AnalysisQuery, partners: ReadonlyArray<{ id: number; name: string }>): ComponentNode {
  return {
    type: 'form',
    id: 'ops-analise-filtros',
    schema: {
      type: 'object',
      properties: {
        periodo: { type: 'string', title: 'Período', oneOf: Object.entries(PERIODS).map(([value, title]) => ({ const: value, title })) },
        de: { type: 'string', title: 'De (AAAA-MM-DD, opcional)', maxLength: 10 },
        ate: { type: 'string', title: 'Até (AAAA-MM-DD, opcional)', maxLength: 10 },
        parceiro: { type: 'string', title: 'Parceiro', oneOf: [{ const: 'todos', title: 'Todos' }, ...partners.map((p) => ({ const: String(p.id), title: p.name }))] },
        plataforma: { type: 'string', title: 'Plataforma', oneOf: [{ const: 'todas', title: 'Todas' }, ...Object.entries(PLATFORM_LABEL).map(([value, title]) => ({ const: value, title }))] },
      },
    },
    uiSchema: { periodo: { 'ui:widget': 'select' }, parceiro: { 'ui:widget': 'select' }, plataforma: { 'ui:widget': 'select' }, de: { 'ui:placeholder': 'AAAA-MM-DD' }, ate: { 'ui:placeholder': 'AAAA-MM-DD' } },
    formData: {
      periodo: query.periodo ?? '30',
      de: query.de ?? '',
      ate: query.ate ?? '',
      parceiro: query.parceiro === undefined ? 'todos' : String(query.parceiro),
      plataforma: query.plataforma ?? 'todas',
    },
    submit: { label: 'Aplicar filtros', action: { type: 'submit', action: 'ops/analise-filtros', payload: { fluxo: query.fluxo }, loadingMessage: 'Carregando...' } },
  };
}

function refusalTables(a: Analysis): ComponentNode[] {
  const withRefusals = a.steps.filter((f) => f.refusals.length > 0);
  if (withRefusals.length === 0) return [text('Nenhuma recusa no período escolhido.')];
  return withRefusals.map((f) => ({
    type: 'table',
    id: `recusas-${f.step.id}`,
    caption: `Recusas em “${f.step.label}”`,
    columns: ['Campo', 'Motivo', 'Vezes'],
    rows: f.refusals.map((r) => [a.fieldLabels[r.field] ?? r.field, r.reason, formatCount(r.count)]),
  }));
}

function timesTable(a: Analysis): ComponentNode {
  return {
    type: 'table',
    id: `tempos-${a.flow.id}`,
    caption: `Tempo até a etapa seguinte e falhas do sistema da administradora em ${a.flow.name}`,
    columns: ['Etapa', 'Tempo mediano', '9 em cada 10 em até', 'Medições', 'Falhas do sistema da administradora'],
    rows: a.steps.map((f) => [f.step.label, formatTime(f.median, f.measured), formatTime(f.p90, f.measured), formatCount(f.measured), formatCount(f.failures)]),
  };
}

/** The flow and filters in force, carried by the comparison's submit (the form holds only the versions). */
function keptFilters(query: AnalysisQuery): Record<string, string | number> {
  const kept: Record<string, string | number> = {};
  for (const key of ['fluxo', 'periodo', 'de', 'ate', 'parceiro', 'plataforma'] as const) if (query[key] !== undefined) kept[key] = query[key]!;
  return kept;
}

function comparisonNodes(a: Analysis): ComponentNode[] {
  const nodes: ComponentNode[] = [heading('Versão contra versão', 2)];
  const comparable = a.definitions.filter((d) => d.revisions.length >= 2);
  if (comparable.length === 0) {
    nodes.push(text(`As definições de ${a.flow.name} têm uma só versão publicada: ainda não há o que comparar.`));
    return nodes;
  }
  const picked = a.comparison?.definition ?? comparable.find((d) => d.id === a.query.definicao) ?? comparable[0]!;
  const versions = picked.revisions.map((r) => ({ const: r.version, title: `v${r.version} (${formatDateTime(r.createdAt)})` }));
  const defaultA = a.comparison?.a.version ?? picked.revisions.at(-2)!.version;
  const defaultB = a.comparison?.b.version ?? picked.revisions.at(-1)!.version;
  nodes.push(
    text('Escolha uma definição e duas das suas versões publicadas: cada etapa aparece com os números de cada versão, no mesmo período e filtros.'),
    {
      type: 'form',
      id: 'ops-analise-comparar',
      schema: {
        type: 'object',
        properties: {
          definicao: { type: 'string', title: 'Definição', oneOf: comparable.map((d) => ({ const: d.id, title: `${d.title} (${d.id})` })) },
          a: { type: 'integer', title: 'Versão A', oneOf: versions },
          b: { type: 'integer', title: 'Versão B', oneOf: versions },
        },
      },
      uiSchema: { definicao: { 'ui:widget': 'select' }, a: { 'ui:widget': 'select' }, b: { 'ui:widget': 'select' } },
      formData: { definicao: picked.id, a: defaultA, b: defaultB },
      submit: { label: 'Comparar', action: { type: 'submit', action: 'ops/analise-comparar', payload: keptFilters(a.query), loadingMessage: 'Carregando...' } },
    },
  );
  const c = a.comparison;
  if (!c) return nodes;
  const va = `v${c.a.version}`;
  const vb = `v${c.b.version}`;
  nodes.push(text(revisionText(c.a, a.current)), text(revisionText(c.b, a.current)), {
    type: 'table',
    id: 'comparacao',
    caption: `${c.definition.title}: ${va} contra ${vb}`,
    columns: ['Etapa', `Chegaram (${va})`, `Chegaram (${vb})`, `Concluíram (${va})`, `Concluíram (${vb})`, 'Diferença na conclusão', `Tempo mediano (${va})`, `Tempo mediano (${vb})`],
    rows: c.stepsA.map((fa, i) => {
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
  });
  return nodes;
}

/** The whole page: the flows, the filters, the funnel with its table, refusals, times and failures, version against version. */
export function analysisScreen(a: Analysis, flows: Funnel[], partners: ReadonlyArray<{ id: number; name: string }>): ComponentNode[] {
  const nodes: ComponentNode[] = [
    heading('Análise dos fluxos'),
    text('Quantas vezes cada etapa foi aberta (Chegaram), quantas vezes a ação que a deixa deu certo (Concluíram), a diferença (Desistiram) e o tempo até a etapa seguinte. Só contagens: nenhum dado de cliente. Contagens de 1 a 4 aparecem como “< 5”.'),
    {
      type: 'chips',
      label: 'Fluxo',
      options: flows.map((f) => ({ id: `fluxo-${f.id}`, label: f.name, selected: f.id === a.flow.id, action: { type: 'navigate', to: analysisHref({ ...a.query, definicao: undefined, versao: undefined, a: undefined, b: undefined }, { fluxo: f.id }) } })),
    },
    filtersForm(a.query, partners),
    heading(a.flow.name, 2),
    text(filterSummary(a, partners)),
  ];
  if (a.revision) {
    nodes.push({ type: 'banner', tone: 'info', text: `Só os números de ${a.revision.definition} ${revisionText(a.revision, a.current)}.`, action: { label: 'Ver todas as versões', action: { type: 'navigate', to: analysisHref({ fluxo: a.flow.id }) } } });
  }
  nodes.push(
    // The bars and their table side by side on a desk, one under the other on a phone.
    { type: 'columns', id: 'funil', variant: 'even', items: funnel(a.flow, a.steps) },
    { type: 'button', label: 'Exportar CSV', variant: 'secondary', action: { type: 'download', href: analysisHref(a.query, {}, '/api/ops/analise.csv'), filename: `analise-${a.flow.id}.csv` } },
    text('Etapas só de leitura (sem ação que as deixe) contam como concluídas ao serem vistas; quem pula uma etapa opcional não a conclui.'),
    heading('Recusas por etapa', 2),
    text('Por campo e motivo, do mais frequente ao menos frequente.'),
    ...refusalTables(a),
    heading('Tempos e falhas', 2),
    timesTable(a),
    ...comparisonNodes(a),
    { type: 'button', label: 'Voltar ao console', variant: 'link', action: { type: 'navigate', to: '/ops' } },
  );
  return nodes;
}

/** For a draft's review: the current figures of the steps it changes (flow by flow), with a link to each flow's page. */
export function changedStepsFigures(entries: Array<{ flow: Funnel; steps: StepFigures[] }>, period: { from: string; to: string }): ComponentNode[] {
  if (entries.length === 0) return [];
  const nodes: ComponentNode[] = [
    heading('Números atuais das etapas que o rascunho muda', 2),
    text(`De ${formatDate(period.from)} a ${formatDate(period.to)}, todos os parceiros e plataformas, com a versão em serviço e as anteriores.`),
  ];
  for (const { flow, steps } of entries) {
    nodes.push(
      { type: 'table', id: `numeros-${flow.id}`, caption: `${flow.name}: etapas que mudam`, columns: FUNNEL_COLUMNS, rows: steps.map(funnelRow) },
      { type: 'button', label: `Ver a análise de ${flow.name}`, variant: 'link', action: { type: 'navigate', to: analysisHref({ fluxo: flow.id }) } },
    );
  }
  return nodes;
}
