import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail, grantOf, notFound } from './http.js';
import type { QuotaRecord, SandboxState } from './state/store.js';

/**
 * The quota named by `:id` in the path, when the caller owns it — and, for calls that need the
 * token issued on quota selection, when the token is that quota's. Otherwise the answer is sent
 * and null returned.
 */
export function pathQuota(state: SandboxState, request: FastifyRequest, reply: FastifyReply, needsQuotaToken = false): QuotaRecord | null {
  const grant = grantOf(request);
  const quota = state.quotas.get(Number((request.params as { id: string }).id));
  if (!quota || quota.owner !== grant.customer) {
    void notFound(reply, 'Cota não encontrada.');
    return null;
  }
  if (needsQuotaToken && grant.idCota !== quota.idCota) {
    void fail(reply, 403, 'Esta operação exige o token da cota selecionada.', 'FORBIDDEN');
    return null;
  }
  return quota;
}
