import type { FlowVersionSummary } from '../../storage/flow-store.js';
import type { OpsRequest } from '../../storage/ops-requests.js';
import { spreadsheetCsv } from './csv.js';
import { requestState, sourceLabel, versionAuthor } from './records.js';

const HEADER = ['registro', 'versao_ou_pedido', 'autor', 'aprovado_por', 'quando_brasilia', 'origem_ou_situacao', 'agendado_para', 'comentario', 'diferencas'];

/**
 * The console's audit as a spreadsheet (csv.ts: `;`, BOM, DD/MM/AAAA HH:mm in Brasília): published
 * versions (author and approver each in their column, time, origin, comment, diff), then the
 * requests with where each stands — in Portuguese.
 */
export function auditCsv(history: FlowVersionSummary[], requests: OpsRequest[], requireApproval: boolean): string {
  const versions = history.map((v) => ['versão', v.version, versionAuthor(v), v.approvedBy, new Date(v.createdAt), sourceLabel(v.source), null, v.comment, v.diff]);
  const asked = requests.map((r) => ['pedido', r.id, r.author, r.approvedBy, new Date(r.createdAt), requestState(r, requireApproval), r.runAt ? new Date(r.runAt) : null, r.comment, r.diff]);
  return spreadsheetCsv(HEADER, [...versions, ...asked]);
}
