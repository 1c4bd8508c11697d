import { z } from 'zod';
import { endpoint, type Endpoint } from './endpoint.js';
import { quotas } from './quotas.js';

/** Doc 1 §7 "Slips" and "Renegotiation" (doc 1 §3 "Pending slip", "Slip data", "Renegotiation state"). */

export const PendingInstalment = z.object({
  idCota: z.number().int(),
  grupo: z.string(),
  cota: z.string(),
  identificadorCobranca: z.string(),
  idMovimentoFinanceiro: z.number(),
  nomeMovimentoFinanceiro: z.string(),
  numeroParcela: z.number(),
  dataVencimento: z.string(),
  valor: z.number(),
  valorOriginal: z.number(),
  valorEncargos: z.number(),
  emAtraso: z.boolean(),
  /** Marked for a joint slip (segunda-via/marcar). */
  marcada: z.boolean().optional(),
  composicao: z.object({ fundoComum: z.number(), taxaAdministracao: z.number(), fundoReserva: z.number(), seguroVida: z.number() }).optional(),
});
export type PendingInstalment = z.infer<typeof PendingInstalment>;

export const SecondCopyListing = z.object({ identificador: z.string(), parcelas: z.array(PendingInstalment) });
export type SecondCopyListing = z.infer<typeof SecondCopyListing>;

export const SlipData = z.object({
  idBoleto: z.string(),
  idCota: z.number().int(),
  linhaDigitavel: z.string(),
  valorCobrado: z.number(),
  dataVencimento: z.string(),
  hash: z.string(),
  descricao: z.string(),
  situacao: z.enum(['EM_ABERTO', 'PAGO']),
  /**
   * Contract gap filled: the Pix copy-and-paste code (BR Code) of a "boleto com Pix", when the back
   * office issues the slip with one. Absent or null: the slip is paid by its typeable line only,
   * and nothing of Pix is shown. The server shows it only when it reads as a Pix BR Code with a
   * valid CRC (`readBrCode`, pix.ts).
   */
  pixCopiaECola: z.string().nullish(),
});
export type SlipData = z.infer<typeof SlipData>;

export const PayoffQuote = z.object({ valorQuitacao: z.number(), parcelasRestantes: z.number(), dataVencimento: z.string() });
export type PayoffQuote = z.infer<typeof PayoffQuote>;

export const Delivery = z.object({ formaEnvio: z.enum(['EMAIL', 'CORREIO']), dataAlteracao: z.string().nullable() });
export type Delivery = z.infer<typeof Delivery>;

const Marked = z.object({ identificador: z.string(), marcadas: z.array(z.string()) });
const Charge = z.object({ identificadorCobranca: z.string() });

export const slips = {
  secondCopy: endpoint({ method: 'GET', path: 'cotas/{id}/cobrancas/segunda-via', group: 'cotas/cobrancas', query: z.object({ SN_UnificaParcelasOutrasCota: z.enum(['S', 'N']) }), answer: SecondCopyListing }),
  mark: endpoint({ method: 'POST', path: 'cotas/{id}/cobrancas/segunda-via/marcar', group: 'cotas/cobrancas', body: Charge, answer: Marked }),
  unmark: endpoint({ method: 'POST', path: 'cotas/{id}/cobrancas/segunda-via/desmarcar', group: 'cotas/cobrancas', body: Charge, answer: Marked }),
  generateMarked: endpoint({ method: 'POST', path: 'cotas/{id}/cobrancas/segunda-via/gerar-boleto', group: 'cotas/cobrancas', answer: SlipData }),
  generate: endpoint({ method: 'POST', path: 'cotas/{id}/cobrancas/boleto', group: 'cotas/cobrancas', body: z.object({ identificadorProcesso: z.string(), cobrancas: z.array(z.string()) }), answer: SlipData }),
  payoffQuote: endpoint({ method: 'GET', path: 'cotas/{id}/cobrancas/quitacao', group: 'cotas/cobrancas', answer: PayoffQuote }),
  payoffSlip: endpoint({ method: 'POST', path: 'cotas/{id}/cobrancas/quitacao/boleto', group: 'cotas/cobrancas', answer: SlipData }),
  slip: endpoint({ method: 'GET', path: 'cotas/{id}/boletos/{b}', group: 'cotas/boletos', answer: SlipData }),
  email: endpoint({ method: 'POST', path: 'cotas/{id}/boletos/{b}/email', group: 'cotas/boletos', body: z.array(z.object({ nome: z.string(), email: z.string() })), answer: z.unknown() }),
  /** Contract gap filled: the slip delivery preference, with a 24-hour lockout. */
  delivery: endpoint({ method: 'GET', path: 'cotas/{id}/forma-envio', group: 'cotas/forma-envio', answer: Delivery }),
  setDelivery: endpoint({ method: 'PUT', path: 'cotas/{id}/forma-envio', group: 'cotas/forma-envio', body: Delivery.pick({ formaEnvio: true }), answer: Delivery }),
};

export const LateInstalment = z.object({
  identificadorCobranca: z.string(),
  idCota: z.number().int(),
  grupo: z.string(),
  cota: z.string(),
  nomeMovimentoFinanceiro: z.string(),
  dataVencimento: z.string(),
  diasAtraso: z.number(),
  valorOriginal: z.number(),
  valorEncargos: z.number(),
  valor: z.number(),
});
export type LateInstalment = z.infer<typeof LateInstalment>;

export const RenegotiationSummary = z.object({
  parcelas: z.array(LateInstalment),
  valorRenegociado: z.number(),
  parcelasDiluicao: z.number(),
  acrescimoPorParcela: z.number(),
  proximasParcelas: z.array(z.object({ idCota: z.number().int(), nomeMovimentoFinanceiro: z.string(), dataVencimento: z.string(), valor: z.number() })),
});
export type RenegotiationSummary = z.infer<typeof RenegotiationSummary>;

export const renegotiation = {
  validate: endpoint({
    method: 'GET',
    path: 'renegociacao-parcelas/validar',
    answer: z.object({ podeRenegociar: z.boolean(), motivo: z.string().nullish(), cotas: z.array(z.object({ idCota: z.number().int(), parcelasPagas: z.number(), renegociacoesRealizadas: z.number() })).optional() }),
  }),
  late: endpoint({ method: 'GET', path: 'obter-parcelas', group: 'renegociacao', answer: z.object({ parcelasEmAtraso: z.array(LateInstalment) }) }),
  select: endpoint({ method: 'POST', path: 'selecionar-parcelas', group: 'renegociacao', body: z.object({ parcelasSelecionadas: z.array(z.string()) }), answer: z.unknown() }),
  summary: endpoint({ method: 'GET', path: 'resumo-renegociacao', group: 'renegociacao', answer: RenegotiationSummary }),
  /** A renegotiation settles late instalments: the quotas' overdue counts change. */
  confirm: endpoint({ method: 'POST', path: 'confirmar-renegociacao', group: 'renegociacao', answer: z.object({ data: z.object({ protocolo: z.string() }) }), invalidates: (): readonly Endpoint[] => [quotas.list] }),
};
