import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { postSale } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import { grantOf, invalid } from '../http.js';
import { callerQuota } from '../quota-access.js';
import type { SandboxContext } from '../context.js';
import type { QuotaRecord, SandboxState } from '../state/store.js';

/** Wrong security answers that block the post-sale flow (doc 2 §4.7). */
const MISSES_TO_BLOCK = 2;

function ownQuota(state: SandboxState, request: FastifyRequest, reply: FastifyReply, idCota: number): QuotaRecord | null {
  return callerQuota(state, request, reply, idCota);
}

/**
 * Post-sale onboarding (doc 2 §4.7): the security question — the holder's birth year, or a
 * company's foundation year — with two wrong answers blocking it, and call-back requests.
 */
export default async function postSaleRoutes(app: FastifyInstance, { state }: SandboxContext) {
  serve(app, postSale.securityCheck, async (request, reply) => {
    const body = postSale.securityCheck.body!.safeParse(request.body);
    if (!body.success) return invalid(reply, 'idCota e ano são obrigatórios.');
    if (!ownQuota(state, request, reply, body.data.idCota)) return reply;
    const customer = state.customers.get(grantOf(request).customer)!;
    const misses = state.specialFlows.securityMisses.get(customer.key) ?? 0;
    if (misses >= MISSES_TO_BLOCK) return { correto: false, tentativasRestantes: 0, bloqueado: true };
    if (Number(customer.dataNascimento.slice(0, 4)) === body.data.ano) return { correto: true, tentativasRestantes: MISSES_TO_BLOCK - misses, bloqueado: false };
    state.specialFlows.securityMisses.set(customer.key, misses + 1);
    const left = MISSES_TO_BLOCK - misses - 1;
    return { correto: false, tentativasRestantes: left, bloqueado: left === 0 };
  });

  serve(app, postSale.callback, async (request, reply) => {
    const body = postSale.callback.body!.safeParse(request.body);
    if (!body.success) return invalid(reply, 'Telefone com DDD, período e motivo são obrigatórios.');
    if (!ownQuota(state, request, reply, body.data.idCota)) return reply;
    const protocolo = state.specialFlows.protocol('PV');
    state.specialFlows.callbacks.push({ customer: grantOf(request).customer, ...body.data, protocolo });
    return { protocolo };
  });
}
