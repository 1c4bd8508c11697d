import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';

/**
 * /__sandbox controls for the special flows (not part of the contract): put a quota on a transfer or
 * reactivation boundary, insure it, and read the post-sale call-back requests.
 */
const QuotaState = z
  .object({
    assembleiaAtual: z.number().int().min(0),
    prazoMeses: z.number().int().min(1),
    parcelasPagas: z.number().int().min(0),
    parcelasAtraso: z.number().int().min(0),
    versao: z.string().regex(/^\d{2}$/),
    situacaoCota: z.enum(['NORMAL', 'CANCELADO', 'QUITADO']),
    /** Days since contemplation; null: not contemplated. */
    contempladaHaDias: z.number().int().nullable(),
    possuiSeguro: z.boolean(),
  })
  .partial()
  .strict();

export default async function specialFlowsControlRoutes(app: FastifyInstance, { state }: SandboxContext) {
  app.patch('/quotas/:idCota/estado', async (request, reply) => {
    const quota = state.quotas.get(Number((request.params as { idCota: string }).idCota));
    if (!quota) return reply.code(404).send({ message: 'Cota não encontrada.' });
    const body = QuotaState.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ message: body.error.issues[0]?.message });
    const { contempladaHaDias, possuiSeguro, ...rest } = body.data;
    Object.assign(quota, rest);
    if (contempladaHaDias === null) delete quota.contempladaHaDias;
    else if (contempladaHaDias !== undefined) quota.contempladaHaDias = contempladaHaDias;
    if (possuiSeguro === true) state.specialFlows.insured.add(quota.idCota);
    if (possuiSeguro === false) state.specialFlows.insured.delete(quota.idCota);
    return { idCota: quota.idCota };
  });

  // Moves a CRM case (phase, status, description, illegible documents), e.g. the post-sale stage.
  const CaseChange = z.object({ fase: z.string().min(1), status: z.enum(['EM_ANDAMENTO', 'ESCALADO', 'FECHADO', 'Concluído']), descricao: z.string(), documentosIlegiveis: z.array(z.string()) }).partial().strict();
  app.patch('/customers/:persona/cases/:numero', async (request, reply) => {
    const { persona, numero } = request.params as { persona: string; numero: string };
    const kase = state.customers.get(persona)?.casos?.find((c) => c.numero === numero);
    const body = CaseChange.safeParse(request.body);
    if (!kase || !body.success) return reply.code(400).send({ message: 'Caso ou alteração inválida.' });
    Object.assign(kase, body.data);
    return { numero };
  });

  app.get('/pos-venda/retornos', async () => ({ data: state.specialFlows.callbacks }));
}
