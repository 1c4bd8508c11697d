import type { CustomerUpstream } from '../../plugins/core/customer-upstream.js';
import { isNoProcess } from '../../upstream/no-process.js';

export interface BankData {
  banco: string;
  agencia: string;
  digitoAgencia?: string;
  conta: string;
  tipoConta: 'CORRENTE' | 'POUPANCA';
  titularDocumento: string;
}

export type TimelineStatus = 'Aberto' | 'Concluido' | 'Fechado' | 'Pendente' | 'Erro';

/** The cash-credit billing state of a quota (doc 2 §3.6), as core/faturamento-credito/status answers it. */
export interface CashBillingData {
  status: string;
  fase: string;
  possuiCaso: boolean;
  /** The confirmed billing type; once set it cannot change. */
  tipoFaturamento: 'ESPECIE' | null;
  respostaAnalista: string | null;
  dadosBancarios: BankData | null;
  termoAceitoEm: string | null;
  timelinePagamento: Array<{ situacao: TimelineStatus; descricao: string; em: string }>;
}

export interface CashBillingCheck {
  podeFaturar: boolean;
  tipoPermitido: boolean;
  /** The contemplating bid used FGTS: cash billing is excluded. */
  usaFgts: boolean;
  restricao: { codigoRetorno: number; mensagem: string } | null;
  tipoFaturamento: 'ESPECIE' | null;
  requisitos: { periodoAniversario: boolean; pagamentoTerceiro: boolean; outrasCotasEmAtraso: boolean };
}

/** Cash-credit billing calls (doc 2 §7 "Cash credit"), for the selected quota. */
export const cashBillingUpstream = {
  check: (u: CustomerUpstream, idCota: number) => u.call<CashBillingCheck>({ method: 'GET', path: 'core/faturamento-credito/validar', query: { idCota } }),
  /** Confirms the billing type (cash) and starts the process. */
  start: (u: CustomerUpstream, idCota: number) => u.call<{ status: string }>({ method: 'POST', path: 'core/faturamento-credito/iniciar', json: { idCota, tipoFaturamento: 'ESPECIE' } }),
  /** The billing state, or null when the quota has no such process ('sua cota não possui processos' is ignored, doc 2 §8). */
  status: (u: CustomerUpstream, idCota: number) =>
    u.call<CashBillingData>({ method: 'GET', path: 'core/faturamento-credito/status', query: { idCota } }).catch((err: unknown) => {
      if (isNoProcess(err)) return null;
      throw err;
    }),
  update: (u: CustomerUpstream, idCota: number, change: { dadosBancarios?: BankData; aceiteTermo?: true; cadastroAtualizado?: true }) =>
    u.call<CashBillingData>({ method: 'PATCH', path: 'core/faturamento-credito/atualizar', json: { idCota, ...change } }),
  requestPayment: (u: CustomerUpstream, idCota: number) => u.call<{ status: string }>({ method: 'POST', path: 'core/faturamento-credito/solicitar-pagamento', json: { idCota } }),
  banks: (u: CustomerUpstream, idCota: number) => u.call<{ data: Array<{ codigo: string; nome: string }> }>({ method: 'GET', path: `cotas/${idCota}/bancos/consultar` }),
};
