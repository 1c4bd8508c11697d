import { formatDateTime } from '../../domain/format.js';
import type { FlowVersionSummary } from '../../storage/flow-store.js';
import type { OpsRequest } from '../../storage/ops-requests.js';
import { SOURCE_LABEL, requestState, versionAuthor } from './records.js';

/** One CSV field: quoted, quotes doubled; a leading = + - @ is neutralised so a spreadsheet never runs it. */
export function field(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * The console's audit as CSV: published versions (author and approver each in their column, time in
 * Brasília, origin, comment, diff), then the requests with where each stands — in Portuguese.
 */
export function auditCsv(history: FlowVersionSummary[], requests: OpsRequest[], requireApproval: boolean): string {
  const lines = [['registro', 'versao_ou_pedido', 'autor', 'aprovado_por', 'quando_brasilia', 'origem_ou_situacao', 'agendado_para', 'comentario', 'diferencas'].map(field).join(',')];
  for (const v of history) lines.push(['versão', v.version, versionAuthor(v), v.approvedBy, formatDateTime(v.createdAt), SOURCE_LABEL[v.source], '', v.comment, v.diff].map(field).join(','));
  for (const r of requests) {
    lines.push(['pedido', r.id, r.author, r.approvedBy, formatDateTime(r.createdAt), requestState(r, requireApproval).text, r.runAt ? formatDateTime(r.runAt) : '', r.comment, r.diff].map(field).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
