import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '../../../domain/format.js';
import type { OpsRequests } from '../../../storage/ops-requests.js';
import type { PageLoader } from '../console-pages.js';
import { requestState } from '../records.js';

/**
 * /ops/pedidos: publishes waiting for a second person or for their time, what became of the earlier
 * ones, as a table; each row leads to its diff (`?pedido=<id>` shows it above the table) and holds
 * the approval and cancelling the staff member may do. Approvers also end a customer's sessions here.
 */
export function requestsPage(_app: FastifyInstance, requests: OpsRequests, requireApproval: boolean): PageLoader {
  return async ({ member, text, query }) => {
    const list = await requests.list();
    const chosen = list.find((r) => String(r.id) === query.get('pedido'));
    const none = text('ops.sem-valor');
    return {
      exigeAprovacao: requireApproval,
      ...(chosen
        ? {
            diferencas: {
              titulo: text('ops.pedidos.diferencas', { id: chosen.id, comentario: chosen.comment }),
              texto: chosen.diff || text('ops.sem-diferencas'),
            },
          }
        : {}),
      pedidos: list.map((r) => {
        const canApprove = member.role === 'approver' && r.status === 'pending' && !r.approvedBy && r.author !== member.login;
        const canCancel = r.status === 'pending' && (r.author === member.login || member.role === 'approver');
        return {
          id: `pedido-${r.id}`,
          cells: [
            text('ops.pedidos.numero', { id: r.id }),
            r.comment,
            r.author,
            formatDateTime(r.createdAt),
            r.runAt ? formatDateTime(r.runAt) : none,
            r.approvedBy ?? none,
            requestState(r, requireApproval),
          ],
          actions: [
            { label: text('ops.ver-diferencas'), accessibleName: text('ops.pedidos.ver-diferencas-nome', { id: r.id }), action: { type: 'navigate', to: `/ops/pedidos?pedido=${r.id}` } },
            ...(canApprove
              ? [{ label: text('ops.pedidos.aprovar'), accessibleName: text('ops.pedidos.aprovar-nome', { id: r.id }), action: { type: 'submit', action: 'ops/aprovar', payload: { pedido: r.id }, loadingMessage: text('ops.publicando') } }]
              : []),
            ...(canCancel ? [{ label: text('ops.pedidos.cancelar'), accessibleName: text('ops.pedidos.cancelar-nome', { id: r.id }), action: { type: 'submit', action: 'ops/cancelar', payload: { pedido: r.id } } }] : []),
          ],
        };
      }),
    };
  };
}
