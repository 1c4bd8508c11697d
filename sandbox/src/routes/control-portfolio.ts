import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import type { QuotaRecord } from '../state/store.js';
import { bidBooks } from './bids.js';

const Portfolio = z.object({
  /** How many quotas the persona holds in all: copies of the first one are added (never removed). */
  cotas: z.number().int().min(1).max(1000).optional(),
  /** How many open instalments the persona's first quota has, due monthly from 5 days on. */
  parcelasEmAberto: z.number().int().min(0).max(2000).optional(),
  /** How many past bids the persona's first quota has in its history (replacing the ones it had). */
  lances: z.number().int().min(0).max(5000).optional(),
});

/**
 * POST /__sandbox/customers/:persona/portfolio: makes a persona's portfolio big (many quotas, many
 * open instalments) so `npm run bench` can show how screens grow. Reset restores the fixtures.
 */
export default async function portfolioControlRoutes(app: FastifyInstance, { state }: SandboxContext) {
  app.post('/customers/:persona/portfolio', async (request, reply) => {
    const body = Portfolio.safeParse(request.body);
    const owner = (request.params as { persona: string }).persona;
    const quotas = state.quotasOf(owner);
    const first = quotas[0];
    if (!body.success || !first) return reply.code(400).send({ message: 'Persona ou tamanhos inválidos.' });
    let nextId = Math.max(...state.quotas.keys()) + 1;
    for (let i = quotas.length; i < (body.data.cotas ?? 0); i++) {
      const copy: QuotaRecord = { ...structuredClone(first), idCota: nextId++, grupo: String(900000 + i).slice(-6), cota: String(i).padStart(4, '0'), apelido: null, fotoUrl: null };
      state.quotas.set(copy.idCota, copy);
      state.billing.seedQuota(copy);
    }
    if (body.data.parcelasEmAberto !== undefined) {
      for (const [id, instalment] of state.billing.instalments) if (instalment.idCota === first.idCota) state.billing.instalments.delete(id);
      first.parcelasEmAbertoEmDias = Array.from({ length: body.data.parcelasEmAberto }, (_, i) => 5 + 30 * i);
      first.parcelasRestantes = Math.max(first.parcelasRestantes, body.data.parcelasEmAberto);
      state.billing.seedQuota(first);
    }
    if (body.data.lances !== undefined) bidBooks.get(state)?.replace(first, body.data.lances);
    return { cotas: state.quotasOf(owner).length, parcelasEmAberto: [...state.billing.instalments.values()].filter((p) => p.idCota === first.idCota).length };
  });
}
