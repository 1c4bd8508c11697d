import { z } from 'zod';
import { BankData } from './bank-data.js';
import { endpoint } from './endpoint.js';
import { registration } from './registration.js';
import { TimelineStatus } from './cash-billing.js';

/**
 * Doc 2 §7 "Refund" and §3.7 (refund state): the refund of a cancelled-and-contemplated quota or
 * of a quota in a closed group. Where the spec gives the call but not its payload, the fields
 * follow §3.7's names (documented in docs/refund.md).
 */

/**
 * The account the refund is paid into (§3.7): the shared bank data (its `conta` holds every digit
 * with its check digit, letters as zero) plus beneficiary, operation and joint account.
 */
export const RefundBankData = BankData.extend({
  favorecido: z.string(),
  operacao: z.string().optional(),
  contaConjunta: z.boolean().optional(),
});
export type RefundBankData = z.infer<typeof RefundBankData>;

/** One step of the payment follow-up (§4.6 timeline): awaiting release, awaiting payment, payment sent, request finished. */
export const RefundTimelineStep = z.object({
  etapa: z.enum(['AGUARDANDO_LIBERACAO', 'AGUARDANDO_PAGAMENTO', 'PAGAMENTO_ENVIADO', 'SOLICITACAO_FINALIZADA']),
  situacao: TimelineStatus,
  em: z.string(),
});
export type RefundTimelineStep = z.infer<typeof RefundTimelineStep>;

/** Identity scan outcomes (§4.6): approved, refused (redo), credit-screen (crivo) rejected, branch referral. */
export const IdentityScan = z.enum(['APROVADO', 'REPROVADO', 'CRIVO_REPROVADO', 'ENCAMINHADO_FILIAL']);

/** The refund state of a quota (§3.7). `status` null: no phase yet. */
export const RefundData = z.object({
  status: z.string().nullable(),
  fase: z.string().nullable(),
  /** True: refund of a cancelled quota; false: refund by group closure (encerramento). */
  cancelamento: z.boolean(),
  possuiValores: z.boolean(),
  valorDisponivel: z.number(),
  respostaAnalista: z.string().nullable(),
  /** The refund was started (iniciar) and the customer is filling it in. */
  iniciada: z.boolean(),
  dadosBancarios: RefundBankData.nullable(),
  /** Documents sent to analysis, by field id. */
  documentosEnviados: z.array(z.string()),
  /** Documents the analysis could not accept (names), to send again. */
  documentosRecusados: z.array(z.string()),
  analiseIdentidade: IdentityScan.nullable(),
  /** DD/MM/YYYY, or null before the payment is programmed. */
  dataDevolucao: z.string().nullable(),
  timelinePagamento: z.array(RefundTimelineStep),
});
export type RefundData = z.infer<typeof RefundData>;

/** The amounts to return (§3.7): available, advanced, earnings, payment, income tax, permanence fee, pending asset value. */
export const RefundValues = z.object({
  valorDisponivel: z.number(),
  valorAdiantado: z.number(),
  rendimentos: z.number(),
  valorPagamento: z.number(),
  impostoRenda: z.number(),
  taxaPermanencia: z.number(),
  valorBemPendente: z.number(),
});
export type RefundValues = z.infer<typeof RefundValues>;

const IdCota = z.object({ idCota: z.number().int() });

export const refund = {
  /** Whether the quota has values to return now (an error here: the refund is not accessible now). */
  available: endpoint({
    method: 'GET',
    path: 'core/devolucao/valores-disponiveis',
    query: IdCota,
    answer: z.object({ possuiValores: z.boolean(), valorDisponivel: z.number(), cancelamento: z.boolean() }),
  }),
  status: endpoint({ method: 'GET', path: 'core/devolucao/status', query: IdCota, answer: RefundData }),
  /** Starts the refund; refuses one in progress or a quota whose status does not allow it. */
  start: endpoint({ method: 'GET', path: 'core/devolucao/iniciar', changesData: true, query: IdCota, answer: z.object({ status: z.string().nullable(), iniciada: z.literal(true) }) }),
  /** The date the refund is paid (DD/MM/YYYY), once programmed, and the business days it takes. */
  date: endpoint({ method: 'GET', path: 'core/devolucao/data-devolucao', query: IdCota, answer: z.object({ dataDevolucao: z.string().nullable(), prazoDiasUteis: z.number().int() }) }),
  /**
   * The account the refund goes to (`dadosBancarios`, also to redo a reversed payment) and, once the
   * documents are approved, the payment itself on `dataDevolucao` (DD/MM/YYYY).
   */
  requestPayment: endpoint({
    method: 'POST',
    path: 'core/devolucao/solicitar-pagamento',
    body: z.object({ idCota: z.number().int(), dadosBancarios: RefundBankData.optional(), dataDevolucao: z.string().optional() }),
    answer: z.object({ status: z.string().nullable(), dataDevolucao: z.string().nullable() }),
  }),
  cancelledValues: endpoint({ method: 'GET', path: 'cotas/{idCota}/devolucoes-cancelado/valores-devolver', answer: RefundValues }),
  closureValues: endpoint({
    method: 'GET',
    path: 'cotas/{idCota}/encerramentos/valores-devolver',
    answer: RefundValues.extend({ dadosContemplacao: z.object({ dataEncerramento: z.string(), ultimaAssembleia: z.number().int() }).nullable() }),
  }),
  /** Banks an account can be in, for the refund's bank data. */
  banks: endpoint({ method: 'GET', path: 'cotas/{idCota}/encerramentos/bancos', answer: z.object({ data: z.array(z.object({ codigo: z.string(), nome: z.string() })) }) }),
  /**
   * The quota holder's registration (doc 2 §3.1), read here only for the main address's state:
   * its holidays count in the refund's business days.
   */
  registration: registration.get,
};
