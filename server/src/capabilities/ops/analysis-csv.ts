import { formatDate } from '../../domain/format.js';
import type { Analysis } from './analysis.js';
import { SMALLEST_SHOWN, withheld } from './analysis-format.js';
import { spreadsheetCsv, type CsvCell } from './csv.js';

/** A count as a number, or "< 5" when it is withheld (from 1 to 4), as on the page. */
const count = (n: number): CsvCell => (withheld(n) ? `< ${SMALLEST_SHOWN}` : n);

/** A time in seconds to the tenth, only from 5 measurements (as on the page). */
const seconds = (ms: number | null, measured: number): CsvCell => (ms === null || measured === 0 || withheld(measured) ? null : Math.round(ms / 100) / 10);

const HEADER = ['registro', 'fluxo', 'etapa', 'ordem', 'periodo_de', 'periodo_ate', 'parceiro', 'plataforma', 'chegaram', 'concluiram', 'desistiram', 'tempo_mediano_segundos', 'tempo_p90_segundos', 'medicoes', 'falhas_sistema_administradora', 'campo', 'motivo', 'vezes'];

/**
 * The page's figures as a spreadsheet (csv.ts: `;`, BOM, decimal commas, DD/MM/AAAA), pt-BR column
 * names: a line per step with its figures, then a line per refusal (field, reason, times). Counts
 * from 1 to 4 read "< 5" here too; times, in seconds, only from 5 measurements.
 */
export function analysisCsv(a: Analysis): string {
  const common = (step: string, order: number): CsvCell[] => [a.flow.name, step, order, formatDate(a.filters.from), formatDate(a.filters.to), a.filters.partner ?? 'todos', a.filters.platform ?? 'todas'];
  const steps = a.steps.map((f, i) => ['etapa', ...common(f.step.label, i + 1), count(f.arrivals), count(f.completions), count(f.dropped), seconds(f.median, f.measured), seconds(f.p90, f.measured), count(f.measured), count(f.failures), null, null, null]);
  const refusals = a.steps.flatMap((f, i) =>
    f.refusals.map((r) => ['recusa', ...common(f.step.label, i + 1), null, null, null, null, null, null, null, a.fieldLabels[r.field] ?? r.field, r.reason, count(r.count)]),
  );
  return spreadsheetCsv(HEADER, [...steps, ...refusals]);
}
