import type { CustomerUpstream } from '../../plugins/core/customer-upstream.js';

export interface MonthlyStatement {
  hash: string;
  referencia: string;
  assembleia: number;
}

export interface AccountStatement {
  lancamentos: Array<{ data: string; descricao: string; valor: number; tipo: 'C' | 'D' }>;
  totalPago: number;
  percentualPago: number;
  saldoDevedor: number;
}

/** Statements and documents (spec doc 1 §7): JSON lists and the files themselves. */
export const documentsUpstream = {
  contract: (u: CustomerUpstream, idCota: number) => u.download({ method: 'GET', path: `cotas/${idCota}/contrato-registrado` }),
  currentStatement: (u: CustomerUpstream, idCota: number) => u.call<MonthlyStatement>({ method: 'GET', path: `cotas/${idCota}/demonstrativo-atual` }),
  previousStatement: (u: CustomerUpstream, idCota: number, back: number) => u.call<MonthlyStatement>({ method: 'GET', path: `cotas/${idCota}/demonstrativo-anterior/${back}` }),
  statementPdf: (u: CustomerUpstream, idCota: number, hash: string) => u.download({ method: 'GET', path: `cotas/${idCota}/demonstrativo/imprimir/${hash}` }),
  taxYears: (u: CustomerUpstream, idCota: number) => u.call<{ anos: number[] }>({ method: 'GET', path: `cotas/${idCota}/informe-anual-rendimentos` }),
  taxReportPdf: (u: CustomerUpstream, idCota: number, year: number) => u.download({ method: 'GET', path: `cotas/${idCota}/informe-anual-rendimentos/imprimir/${year}` }),
  annualProofPdf: (u: CustomerUpstream, idCota: number, year: number) => u.download({ method: 'GET', path: `cotas/${idCota}/comprovante-pagamentos`, query: { ano: year } }),
  accountStatement: (u: CustomerUpstream, idCota: number) => u.call<AccountStatement>({ method: 'GET', path: `cotas/${idCota}/extrato` }),
  accountStatementPdf: (u: CustomerUpstream, idCota: number) => u.download({ method: 'GET', path: `cotas/${idCota}/extrato/imprimir` }),
  availableValues: (u: CustomerUpstream, idCota: number) => u.call<{ VlrAPagar: number; VlrCreditoCorrigido: number }>({ method: 'GET', path: `cotas/${idCota}/valor-disponivel` }),
};
