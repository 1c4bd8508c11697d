import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { quotaTransfer } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import { fail, grantOf, invalid } from '../http.js';
import type { SandboxContext } from '../context.js';
import type { QuotaRecord, SandboxState } from '../state/store.js';
import { normalizeDocument } from '../state/store.js';

/** The core system's own check (doc 2 §4.10): what refuses a transfer, or null. */
export function transferBlock(q: QuotaRecord): string | null {
  if (q.contempladaHaDias !== undefined) return 'Cota contemplada não pode ser transferida.';
  if (q.parcelasAtraso > 0) return 'Cota com parcelas em atraso não pode ser transferida.';
  if (Number(q.versao) !== 0) return 'Somente cotas na versão 0 podem ser transferidas.';
  if (q.situacaoCota !== 'NORMAL' && q.situacaoCota !== 'QUITADO') return 'A situação da cota não permite a transferência.';
  return null;
}

/** The quota of the token issued on quota selection (the transfer calls carry no quota id). */
function tokenQuota(state: SandboxState, request: FastifyRequest, reply: FastifyReply): QuotaRecord | null {
  const grant = grantOf(request);
  const quota = grant.idCota === undefined ? undefined : state.quotas.get(grant.idCota);
  if (!quota || quota.owner !== grant.customer) {
    void fail(reply, 403, 'Esta operação exige o token da cota selecionada.', 'FORBIDDEN');
    return null;
  }
  return quota;
}

/** Quota transfer (doc 2 §7 core/transferencia-cota): verificar-processo and solicitar. */
export default async function quotaTransferRoutes(app: FastifyInstance, { state }: SandboxContext) {
  serve(app, quotaTransfer.verifyProcess, async (request, reply) => {
    const quota = tokenQuota(state, request, reply);
    if (!quota) return reply;
    return { iniciado: state.specialFlows.transfers.has(quota.idCota) };
  });

  serve(app, quotaTransfer.request, async (request, reply) => {
    const quota = tokenQuota(state, request, reply);
    if (!quota) return reply;
    const body = quotaTransfer.request.body!.safeParse(request.body);
    if (!body.success) return invalid(reply, 'cpfCnpjCessionario e email são obrigatórios.');
    const assignee = normalizeDocument(body.data.cpfCnpjCessionario);
    const valid = assignee.length > 11 ? isValidCnpj(assignee, { version: 2 }) : isValidCpf(assignee);
    if (!valid) return invalid(reply, 'CPF/CNPJ do cessionário inválido.');
    if (assignee === state.customers.get(quota.owner)!.document) return fail(reply, 422, 'O cessionário não pode ser o próprio titular.', 'SAME_HOLDER');
    if (state.specialFlows.transfers.has(quota.idCota)) return fail(reply, 409, 'Já existe uma transferência em andamento para esta cota.', 'TRANSFER_IN_PROGRESS');
    const block = transferBlock(quota);
    if (block) return fail(reply, 422, block, 'TRANSFER_NOT_ALLOWED');
    const request_ = { protocolo: state.specialFlows.protocol('TC'), cessionario: assignee, email: body.data.email, taxa: Math.round(quota.valorBem) / 100 };
    state.specialFlows.transfers.set(quota.idCota, request_);
    return { protocolo: request_.protocolo, taxa: request_.taxa };
  });
}
