import type { CustomerUpstream } from '../../plugins/core/customer-upstream.js';

/** A pending instalment of the second-copy listing (spec doc 1 §3 "Pending slip"). */
export interface PendingInstalment {
  idCota: number;
  grupo: string;
  cota: string;
  identificadorCobranca: string;
  idMovimentoFinanceiro: number;
  nomeMovimentoFinanceiro: string;
  numeroParcela: number;
  dataVencimento: string;
  valor: number;
  valorOriginal: number;
  valorEncargos: number;
  emAtraso: boolean;
  composicao?: { fundoComum: number; taxaAdministracao: number; fundoReserva: number; seguroVida: number };
}

export interface SecondCopyListing {
  identificador: string;
  parcelas: PendingInstalment[];
}

/** Slip data (spec doc 1 §3): linhaDigitavel, valorCobrado, dataVencimento, hash. */
export interface SlipData {
  idBoleto: string;
  idCota: number;
  linhaDigitavel: string;
  valorCobrado: number;
  dataVencimento: string;
  hash: string;
  descricao: string;
  situacao: 'EM_ABERTO' | 'PAGO';
}

export interface PayoffQuote {
  valorQuitacao: number;
  parcelasRestantes: number;
  dataVencimento: string;
}

export interface Delivery {
  formaEnvio: 'EMAIL' | 'CORREIO';
  dataAlteracao: string | null;
}

/** Slip calls need the token issued on quota selection (spec doc 1 §6). */
const quota = { scope: 'quota' as const };

export const slipsUpstream = {
  secondCopy: (u: CustomerUpstream, idCota: number, unify: boolean) =>
    u.call<SecondCopyListing>({ method: 'GET', path: `cotas/${idCota}/cobrancas/segunda-via`, query: { SN_UnificaParcelasOutrasCota: unify ? 'S' : 'N' }, ...quota }),
  mark: (u: CustomerUpstream, idCota: number, identificadorCobranca: string, on: boolean) =>
    u.call({ method: 'POST', path: `cotas/${idCota}/cobrancas/segunda-via/${on ? 'marcar' : 'desmarcar'}`, json: { identificadorCobranca }, ...quota }),
  generateMarked: (u: CustomerUpstream, idCota: number) => u.call<SlipData>({ method: 'POST', path: `cotas/${idCota}/cobrancas/segunda-via/gerar-boleto`, json: {}, ...quota }),
  generate: (u: CustomerUpstream, idCota: number, identificadorProcesso: string, cobrancas: string[]) =>
    u.call<SlipData>({ method: 'POST', path: `cotas/${idCota}/cobrancas/boleto`, json: { identificadorProcesso, cobrancas }, ...quota }),
  payoffQuote: (u: CustomerUpstream, idCota: number) => u.call<PayoffQuote>({ method: 'GET', path: `cotas/${idCota}/cobrancas/quitacao`, ...quota }),
  payoffSlip: (u: CustomerUpstream, idCota: number) => u.call<SlipData>({ method: 'POST', path: `cotas/${idCota}/cobrancas/quitacao/boleto`, json: {}, ...quota }),
  slip: (u: CustomerUpstream, idCota: number, idBoleto: string) => u.call<SlipData>({ method: 'GET', path: `cotas/${idCota}/boletos/${idBoleto}`, ...quota }),
  pdf: (u: CustomerUpstream, idCota: number, idBoleto: string) => u.download({ method: 'GET', path: `cotas/${idCota}/boletos/${idBoleto}/imprimir`, ...quota }),
  email: (u: CustomerUpstream, idCota: number, idBoleto: string, recipients: Array<{ nome: string; email: string }>) =>
    u.call({ method: 'POST', path: `cotas/${idCota}/boletos/${idBoleto}/email`, json: recipients, ...quota }),
  delivery: (u: CustomerUpstream, idCota: number) => u.call<Delivery>({ method: 'GET', path: `cotas/${idCota}/forma-envio`, ...quota }),
  setDelivery: (u: CustomerUpstream, idCota: number, formaEnvio: Delivery['formaEnvio']) =>
    u.call<Delivery>({ method: 'PUT', path: `cotas/${idCota}/forma-envio`, json: { formaEnvio }, ...quota }),
};

export interface LateInstalment {
  identificadorCobranca: string;
  idCota: number;
  grupo: string;
  cota: string;
  nomeMovimentoFinanceiro: string;
  dataVencimento: string;
  diasAtraso: number;
  valorOriginal: number;
  valorEncargos: number;
  valor: number;
}

export interface RenegotiationSummary {
  parcelas: LateInstalment[];
  valorRenegociado: number;
  parcelasDiluicao: number;
  acrescimoPorParcela: number;
  proximasParcelas: Array<{ idCota: number; nomeMovimentoFinanceiro: string; dataVencimento: string; valor: number }>;
}

/** Renegotiation calls (spec doc 1 §7), for the customer across their quotas. */
export const renegotiationUpstream = {
  validate: (u: CustomerUpstream) =>
    u.call<{ podeRenegociar: boolean; motivo?: string | null; cotas?: Array<{ idCota: number; parcelasPagas: number; renegociacoesRealizadas: number }> }>({ method: 'GET', path: 'renegociacao-parcelas/validar' }),
  late: (u: CustomerUpstream) => u.call<{ parcelasEmAtraso: LateInstalment[] }>({ method: 'GET', path: 'obter-parcelas' }),
  select: (u: CustomerUpstream, parcelasSelecionadas: string[]) => u.call({ method: 'POST', path: 'selecionar-parcelas', json: { parcelasSelecionadas } }),
  summary: (u: CustomerUpstream) => u.call<RenegotiationSummary>({ method: 'GET', path: 'resumo-renegociacao' }),
  confirm: (u: CustomerUpstream) => u.call<{ data: { protocolo: string } }>({ method: 'POST', path: 'confirmar-renegociacao', json: {} }),
};
