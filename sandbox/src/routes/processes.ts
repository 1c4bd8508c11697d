import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cashBilling } from '../../../screens/back-office/index.js';
import { serve } from '../contract.js';
import { grantOf, invalid, notFound } from '../http.js';
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
  const quota = ctx.state.quotas.get(idCota);
  if (!quota || quota.owner !== grantOf(request).customer) {
    void notFound(reply, 'Cota não encontrada.');
    return null;
  }
  return quota;
}

/** The core system's answer when a quota has no such process (spec: ignored on status loads). */
const NO_PROCESS = 'sua cota não possui processos';

/**
 * Process statuses of a quota: cash-credit billing (vehicle billing: routes/vehicle-billing.ts; the refund: routes/refund.ts). Later
 * capabilities grow these into their full flows.
 */
export default async function processRoutes(app: FastifyInstance, ctx: SandboxContext) {
  serve(app, cashBilling.status, async (request, reply) => {
    const quota = quotaOf(ctx, request, reply);
    if (!quota) return reply;
    const process = quota.processos?.especie;
    if (!process) return notFound(reply, NO_PROCESS);
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
