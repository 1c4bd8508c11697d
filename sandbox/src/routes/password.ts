import { registration } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, grantOf, invalid, notFound } from '../http.js';
import { normalizeDocument } from '../state/store.js';
import type { SandboxContext } from '../context.js';

const ChangeBody = z.object({ senhaAtual: z.string().regex(/^\d{6}$/), novaSenha: z.string().regex(/^\d{6}$/), inscricaoNacional: z.string().min(11) });

/** POST cotas/{id}/alterar-senha (spec doc 1 §7, registration data). */
export default async function passwordRoutes(app: FastifyInstance, { state }: SandboxContext) {
  serve(app, registration.changePassword, async (request, reply) => {
    const grant = grantOf(request);
    const quota = state.quotas.get(Number((request.params as { id: string }).id));
    if (!quota || quota.owner !== grant.customer) return notFound(reply, 'Cota não encontrada.');
    const parsed = ChangeBody.safeParse(request.body);
    if (!parsed.success) return invalid(reply, 'senhaAtual, novaSenha (6 dígitos) e inscricaoNacional são obrigatórios.');
    const customer = state.customers.get(grant.customer)!;
    if (normalizeDocument(parsed.data.inscricaoNacional) !== customer.document) return fail(reply, 400, 'Inscrição nacional não confere.');
    if (parsed.data.senhaAtual !== customer.password) return fail(reply, 400, 'Senha atual incorreta.');
    if (parsed.data.novaSenha === customer.password) return fail(reply, 400, 'A nova senha deve ser diferente da atual.');
    customer.password = parsed.data.novaSenha;
    customer.senhaExpirada = false;
    return reply.code(204).send();
  });
}
