import { formatDate } from '../../domain/format.js';
import { field } from './audit.js';
import type { Analysis } from './analysis.js';
import { formatCount, withheld } from './analysis-format.js';

const seconds = (ms: number | null, measured: number) => (ms === null || measured === 0 || withheld(measured) ? '' : Math.round(ms / 1000));

/**
 * The page's figures as CSV, as the console's audit is written (quoted fields, comma, BOM, CRLF,
 * pt-BR column names): a line per step with its figures, then a line per refusal (field, reason,
 * times). Counts from 1 to 4 read "< 5" here too; times, in seconds, only from 5 measurements.
 */
export function analysisCsv(a: Analysis): string {
  const header = ['registro', 'fluxo', 'etapa', 'ordem', 'periodo_de', 'periodo_ate', 'parceiro', 'plataforma', 'chegaram', 'concluiram', 'desistiram', 'tempo_mediano_segundos', 'tempo_p90_segundos', 'medicoes', 'falhas_sistema_administradora', 'campo', 'motivo', 'vezes'];
  const lines = [header.map(field).join(',')];
  const common = (step: string, order: number) => [a.flow.name, step, order, formatDate(a.filters.from), formatDate(a.filters.to), a.filters.partner ?? 'todos', a.filters.platform ?? 'todas'];
  a.steps.forEach((f, i) => {
    lines.push(['etapa', ...common(f.step.label, i + 1), formatCount(f.arrivals), formatCount(f.completions), formatCount(f.dropped), seconds(f.median, f.measured), seconds(f.p90, f.measured), formatCount(f.measured), formatCount(f.failures), '', '', ''].map(field).join(','));
  });
  a.steps.forEach((f, i) => {
    for (const r of f.refusals) lines.push(['recusa', ...common(f.step.label, i + 1), '', '', '', '', '', '', '', a.fieldLabels[r.field] ?? r.field, r.reason, formatCount(r.count)].map(field).join(','));
  });
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
