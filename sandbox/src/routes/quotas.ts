import { quotas } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { grantOf, invalid, notFound } from '../http.js';
import { quotaView, simpleQuotaView } from '../quota-view.js';
import type { SandboxContext } from '../context.js';

const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

/** Quota routes (spec doc 1 §7): cotas (paged), cotas/simples, cota/{id}. */
export default async function quotaRoutes(app: FastifyInstance, { state }: SandboxContext) {
  serve(app, quotas.list, async (request, reply) => {
    const parsed = PageQuery.safeParse(request.query);
    if (!parsed.success) return invalid(reply, 'Parâmetros de paginação inválidos.');
    const { page, page_size } = parsed.data;
    const customer = state.customers.get(grantOf(request).customer)!;
    const all = state.quotasOf(customer.key);
    const data = all.slice((page - 1) * page_size, page * page_size).map((q) => quotaView(q, customer, state.clock, all.length));
    return { data, page, page_size, total: all.length, total_pages: Math.max(1, Math.ceil(all.length / page_size)) };
  });

  serve(app, quotas.simple, async (request) => ({ data: state.quotasOf(grantOf(request).customer).map(simpleQuotaView) }));

  serve(app, quotas.detail, async (request, reply) => {
    const customer = state.customers.get(grantOf(request).customer)!;
    const quota = state.quotas.get(Number((request.params as { id: string }).id));
    if (!quota || quota.owner !== customer.key) return notFound(reply, 'Cota não encontrada.');
    return quotaView(quota, customer, state.clock, state.quotasOf(customer.key).length);
  });
}
