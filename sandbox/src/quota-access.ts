import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail, grantOf, notFound } from './http.js';
import type { QuotaRecord, SandboxState } from './state/store.js';

/**
 * The quota named by `:id` in the path, when the caller owns it — and, for calls that need the
 * token issued on quota selection, when the token is that quota's. Otherwise the answer is sent
 * and null returned.
 */
export function pathQuota(state: SandboxState, request: FastifyRequest, reply: FastifyReply, needsQuotaToken = false): QuotaRecord | null {
  const quota = callerQuota(state, request, reply, (request.params as { id: string }).id);
  if (!quota) return null;
  if (needsQuotaToken && grantOf(request).idCota !== quota.idCota) {
    void fail(reply, 403, 'Esta operação exige o token da cota selecionada.', 'FORBIDDEN');
    return null;
  }
  return quota;
}

/** The idCota a call names: in its path, else its query, else its JSON body. */
export function idCotaOf(request: FastifyRequest): unknown {
  return (request.params as { idCota?: string }).idCota ?? (request.query as { idCota?: string }).idCota ?? (request.body as { idCota?: unknown } | undefined)?.idCota;
}

/** The caller's quota with this id (by default the one the call names), or null with the 404 sent. */
export function callerQuota(state: SandboxState, request: FastifyRequest, reply: FastifyReply, idCota: unknown = idCotaOf(request)): QuotaRecord | null {
  const quota = state.quotas.get(Number(idCota));
  if (!quota || quota.owner !== grantOf(request).customer) {
    void notFound(reply, 'Cota não encontrada.');
    return null;
  }
  return quota;
}
