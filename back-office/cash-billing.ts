import { z } from 'zod';
import { BankData } from './bank-data.js';
import { endpoint } from './endpoint.js';

/** Doc 2 §7 "Cash credit": the cash-credit billing calls of a quota. */

export const TimelineStatus = z.enum(['Aberto', 'Concluido', 'Fechado', 'Pendente', 'Erro']);
export type TimelineStatus = z.infer<typeof TimelineStatus>;

/** The cash-credit billing state of a quota (doc 2 §3.6). */
export const CashBillingData = z.object({
  status: z.string(),
  fase: z.string(),
  possuiCaso: z.boolean(),
  /** The confirmed billing type; once set it cannot change. */
  tipoFaturamento: z.literal('ESPECIE').nullable(),
  respostaAnalista: z.string().nullable(),
  dadosBancarios: BankData.nullable(),
  termoAceitoEm: z.string().nullable(),
  timelinePagamento: z.array(z.object({ situacao: TimelineStatus, descricao: z.string(), em: z.string() })),
});
export type CashBillingData = z.infer<typeof CashBillingData>;

export const CashBillingCheck = z.object({
  podeFaturar: z.boolean(),
  tipoPermitido: z.boolean(),
  /** The contemplating bid used FGTS: cash billing is excluded. */
  usaFgts: z.boolean(),
  restricao: z.object({ codigoRetorno: z.number(), mensagem: z.string() }).nullable(),
  tipoFaturamento: z.literal('ESPECIE').nullable(),
  requisitos: z.object({ periodoAniversario: z.boolean(), pagamentoTerceiro: z.boolean(), outrasCotasEmAtraso: z.boolean() }),
});
export type CashBillingCheck = z.infer<typeof CashBillingCheck>;

const IdCota = z.object({ idCota: z.number().int() });

export const cashBilling = {
  check: endpoint({ method: 'GET', path: 'core/faturamento-credito/validar', query: IdCota, answer: CashBillingCheck }),
  /** Confirms the billing type (cash) and starts the process. */
  start: endpoint({
    method: 'POST',
    path: 'core/faturamento-credito/iniciar',
    body: z.object({ idCota: z.number().int(), tipoFaturamento: z.literal('ESPECIE') }),
    answer: z.object({ status: z.string(), tipoFaturamento: z.literal('ESPECIE').optional() }),
  }),
  status: endpoint({ method: 'GET', path: 'core/faturamento-credito/status', query: IdCota, answer: CashBillingData }),
  update: endpoint({
    method: 'PATCH',
    path: 'core/faturamento-credito/atualizar',
    body: z.object({ idCota: z.number().int(), dadosBancarios: BankData.optional(), aceiteTermo: z.literal(true).optional(), cadastroAtualizado: z.literal(true).optional() }),
    answer: z.object({ status: z.string(), dadosBancarios: BankData.nullable(), termoAceitoEm: z.string().nullable() }),
  }),
  requestPayment: endpoint({ method: 'POST', path: 'core/faturamento-credito/solicitar-pagamento', body: IdCota, answer: z.object({ status: z.string() }) }),
  banks: endpoint({ method: 'GET', path: 'cotas/{idCota}/bancos/consultar', answer: z.object({ data: z.array(z.object({ codigo: z.string(), nome: z.string() })) }) }),
};
