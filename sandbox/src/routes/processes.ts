import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cashBilling } from '../../../back-office/index.js';
import { invalid } from '../http.js';
import { serveQuotaProcess } from '../process-route.js';
import { callerQuota } from '../quota-access.js';
import type { SandboxContext } from '../context.js';
import { billingTypeOf, currentStatus } from './cash-billing.js';
import type { QuotaRecord } from '../state/store.js';

/** The customer's quota named by ?idCota, or an answer already sent. */
function quotaOf(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply): QuotaRecord | null {
  const idCota = Number((request.query as { idCota?: string }).idCota);
  if (!Number.isInteger(idCota)) {
    void invalid(reply, 'idCota é obrigatório.');
    return null;
  }
  return callerQuota(ctx.state, request, reply, idCota);
}

/**
 * Process statuses of a quota: cash-credit billing (vehicle billing: routes/vehicle-billing.ts; the refund: routes/refund.ts). Later
 * capabilities grow these into their full flows.
 */
export default async function processRoutes(app: FastifyInstance, ctx: SandboxContext) {
  serveQuotaProcess(app, cashBilling.status, (request, reply) => quotaOf(ctx, request, reply), (quota) => quota.processos?.especie, async (quota, process) => {
    const status = currentStatus(ctx.state, quota);
    // The billing state (doc 2 §3.6): phase and status, what the analyst said, the bank data, the
    // term and the payment timeline.
    return {
      status,
      fase: status,
      possuiCaso: process.possuiCaso,
      tipoFaturamento: billingTypeOf(process),
      respostaAnalista: process.respostaAnalista ?? null,
      dadosBancarios: process.dadosBancarios ?? null,
      termoAceitoEm: process.termoAceitoEm ?? null,
      timelinePagamento: process.eventos ?? [],
    };
  });

  // The refund's status is served with the rest of the refund (routes/refund.ts).
}
