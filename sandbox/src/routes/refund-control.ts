import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { advanceRefund, refundAllowed, reversePayment } from './refund.js';

/** The refund statuses the definitions know (screens/flows/vocabulary.json refundStatus). */
const STATUSES = [
  'NAO_INICIADO', 'PRAZO_FINALIZADO', 'PENDENCIA_CLIENTE', 'DOCUMENTOS_ADICIONAIS', 'REANALISE', 'BRSCAN_EM_ANDAMENTO', 'RETORNO_BRSCAN', 'OPERACOES',
  'ANALISE_GRC', 'SUSPEITA_FRAUDE', 'DOCUMENTO_APROVADO', 'PARECER_GRC', 'CADASTRO_APROVADO', 'AGUARDANDO_ATUALIZACAO_CADASTRO', 'PAGAMENTO_ESTORNADO',
  'DOCUMENTO_RECUSADO', 'AGUARDANDO_LIBERACAO', 'AGUARDANDO_PAGAMENTO', 'PAGAMENTO_ENVIADO', 'SOLICITACAO_FINALIZADA',
] as const;

const RefundControl = z
  .object({
    /** Any refund status, or null for "no phase". */
    status: z.enum(STATUSES).nullable().optional(),
    /** The bank returns the payment: the sent step turns to an error and the values remain. */
    estornar: z.literal(true).optional(),
    /** What the next identity scan answers. */
    proximaAnalise: z.enum(['APROVADO', 'REPROVADO', 'CRIVO_REPROVADO', 'ENCAMINHADO_FILIAL']).optional(),
    respostaAnalista: z.string().max(500).optional(),
    documentosRecusados: z.array(z.string().max(120)).max(10).optional(),
  })
  .strict();

/**
 * PUT /__sandbox/personas/:persona/devolucao — sets the refund of the persona's quota that may
 * have one (cancelled and contemplated, or in a closed group): its status, a reversed payment,
 * the next identity-scan outcome, the analyst's answer. Answers the refund as the core system keeps it.
 */
export default async function refundControlRoutes(app: FastifyInstance, { state }: SandboxContext) {
  app.put('/personas/:persona/devolucao', async (request, reply) => {
    const body = RefundControl.safeParse(request.body);
    const persona = (request.params as { persona: string }).persona;
    const quota = state.quotasOf(persona).find(refundAllowed);
    if (!body.success || !quota) return reply.code(400).send({ message: 'Persona sem cota com devolução, ou dados inválidos.' });
    quota.processos = { ...quota.processos, devolucao: quota.processos?.devolucao ?? { status: null } };
    const process = quota.processos.devolucao!;
    advanceRefund(state, process);
    if (body.data.status !== undefined) {
      process.status = body.data.status;
      process.iniciada = body.data.status !== null;
      process.estornado = false;
      process.pago = body.data.status === 'PAGAMENTO_ENVIADO' || body.data.status === 'SOLICITACAO_FINALIZADA';
    }
    if (body.data.estornar) reversePayment(state, process);
    if (body.data.proximaAnalise) process.proximaAnalise = body.data.proximaAnalise;
    if (body.data.respostaAnalista !== undefined) process.respostaAnalista = body.data.respostaAnalista;
    if (body.data.documentosRecusados) process.documentosRecusados = body.data.documentosRecusados;
    return { idCota: quota.idCota, ...process };
  });
}
