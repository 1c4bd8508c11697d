import { session } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fail, invalid } from '../http.js';
import type { SandboxContext } from '../context.js';

/**
 * Transparent login: a partner's system hands the customer a one-use token (minted here by
 * the control route POST /__sandbox/transparent-tokens); POST login/transparente exchanges it
 * for the customer's tokens, with the quota it was minted for.
 */
export function tokensOf(state: SandboxContext['state']) {
  return state.local('transparent-tokens', () => new Map<string, { customer: string; idCota?: number; agent?: string; used: boolean; expiresAt: number }>());
}

export function mintTransparentToken(state: SandboxContext['state'], customer: string, idCota?: number, agent?: string): string {
  const token = randomBytes(24).toString('base64url');
  tokensOf(state).set(token, { customer, ...(idCota === undefined ? {} : { idCota }), ...(agent ? { agent } : {}), used: false, expiresAt: state.clock.now() + 10 * 60_000 });
  return token;
}

export default async function transparentRoutes(app: FastifyInstance, { state }: SandboxContext) {
  serve(app, session.transparent, async (request, reply) => {
    const token = (request.body as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) return invalid(reply, 'token é obrigatório.');
    const entry = tokensOf(state).get(token);
    if (!entry || entry.used || state.clock.now() > entry.expiresAt) return fail(reply, 401, 'Token de acesso inválido ou já utilizado.', 'INVALID_TOKEN');
    entry.used = true;
    const customer = state.customers.get(entry.customer)!;
    return {
      ...state.issueTokens(customer.key),
      statusMfa: 'NAO_REQUER' as const,
      idCota: entry.idCota ?? null,
      // A partner agent acting for the customer (reads, cannot change registration data).
      agente: entry.agent ?? null,
      usuario: { nome: customer.nome, inscricaoNacional: customer.document, tipoPessoa: customer.tipoPessoa, email: customer.email, celular: customer.celular, senhaExpirada: false, atualizacaoCadastralObrigatoria: false },
    };
  });
}
