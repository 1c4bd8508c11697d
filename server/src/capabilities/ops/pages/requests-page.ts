import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '../../../domain/format.js';
import type { OpsRequests } from '../../../storage/ops-requests.js';
import type { PageLoader } from '../console-pages.js';
import { requestState } from '../records.js';

/** /ops/pedidos: publishes waiting for a second person or for their time, what became of the earlier ones; approvers also end a customer's sessions here. */
export function requestsPage(_app: FastifyInstance, requests: OpsRequests, requireApproval: boolean): PageLoader {
  return async ({ member, text }) => ({
    exigeAprovacao: requireApproval,
    pedidos: (await requests.list()).map((r) => {
      const state = requestState(r, requireApproval);
      return {
        id: r.id,
        comentario: r.comment,
        fatos: [
          `${r.author} · ${formatDateTime(r.createdAt)}`,
          r.runAt ? text('ops.pedidos.agendado-para', { quando: formatDateTime(r.runAt) }) : '',
          r.approvedBy ? text('ops.aprovado-por', { quem: r.approvedBy }) : '',
        ]
          .filter(Boolean)
          .join(' · '),
        tom: state.tone,
        situacao: state.text,
        diff: r.diff,
        podeAprovar: member.role === 'approver' && r.status === 'pending' && !r.approvedBy && r.author !== member.login,
        podeCancelar: r.status === 'pending' && (r.author === member.login || member.role === 'approver'),
      };
    }),
  });
}
