import type { CustomerUpstream } from '../../plugins/core/customer-upstream.js';

export interface BankData {
  banco: string;
  agencia: string;
  digitoAgencia?: string;
  conta: string;
  tipoConta: 'CORRENTE' | 'POUPANCA';
  titularDocumento: string;
}

export interface CashBillingData {
  status: string;
  dadosBancarios: BankData | null;
  termoAceitoEm: string | null;
  eventos: Array<{ situacao: 'Aberto' | 'Concluido' | 'Fechado' | 'Pendente' | 'Erro'; descricao: string; em: string }>;
}

export interface CashBillingCheck {
  podeFaturar: boolean;
  tipoPermitido: boolean;
  requisitos: { periodoAniversario: boolean; pagamentoTerceiro: boolean; outrasCotasEmAtraso: boolean };
}

/** Cash-credit billing calls (doc 2 §7 "Cash credit"), for the selected quota. */
export const cashBillingUpstream = {
  check: (u: CustomerUpstream, idCota: number) => u.call<CashBillingCheck>({ method: 'GET', path: 'core/faturamento-credito/validar', query: { idCota } }),
  start: (u: CustomerUpstream, idCota: number) => u.call<{ status: string }>({ method: 'POST', path: 'core/faturamento-credito/iniciar', json: { idCota } }),
  data: (u: CustomerUpstream, idCota: number) => u.call<CashBillingData>({ method: 'GET', path: 'core/faturamento-credito/dados', query: { idCota } }),
  update: (u: CustomerUpstream, idCota: number, change: { dadosBancarios?: BankData; aceiteTermo?: true }) =>
    u.call<CashBillingData>({ method: 'PATCH', path: 'core/faturamento-credito/atualizar', json: { idCota, ...change } }),
  requestPayment: (u: CustomerUpstream, idCota: number) => u.call<{ status: string }>({ method: 'POST', path: 'core/faturamento-credito/solicitar-pagamento', json: { idCota } }),
  banks: (u: CustomerUpstream, idCota: number) => u.call<{ data: Array<{ codigo: string; nome: string }> }>({ method: 'GET', path: `cotas/${idCota}/bancos/consultar` }),
};
