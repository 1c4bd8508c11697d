import { documents } from '../../../../screens/back-office/index.js';
import type { CustomerUpstream } from '../../plugins/core/customer-upstream.js';

export type { AccountStatement, AvailableValues, MonthlyStatement } from '../../../../screens/back-office/index.js';

/** Statements and documents (spec doc 1 §7): JSON lists and the files themselves. */
export const documentsUpstream = {
  contract: (u: CustomerUpstream, idCota: number) => u.download({ method: 'GET', path: `cotas/${idCota}/contrato-registrado` }),
  currentStatement: (u: CustomerUpstream, idCota: number) => u.request(documents.currentStatement, { params: { id: idCota } }),
  previousStatement: (u: CustomerUpstream, idCota: number, back: number) => u.request(documents.previousStatement, { params: { id: idCota, x: back } }),
  statementPdf: (u: CustomerUpstream, idCota: number, hash: string) => u.download({ method: 'GET', path: `cotas/${idCota}/demonstrativo/imprimir/${hash}` }),
  taxYears: (u: CustomerUpstream, idCota: number) => u.request(documents.taxYears, { params: { id: idCota } }),
  taxReportPdf: (u: CustomerUpstream, idCota: number, year: number) => u.download({ method: 'GET', path: `cotas/${idCota}/informe-anual-rendimentos/imprimir/${year}` }),
  annualProofPdf: (u: CustomerUpstream, idCota: number, year: number) => u.download({ method: 'GET', path: `cotas/${idCota}/comprovante-pagamentos`, query: { ano: year } }),
  accountStatement: (u: CustomerUpstream, idCota: number) => u.request(documents.accountStatement, { params: { id: idCota } }),
  accountStatementPdf: (u: CustomerUpstream, idCota: number) => u.download({ method: 'GET', path: `cotas/${idCota}/extrato/imprimir` }),
  availableValues: (u: CustomerUpstream, idCota: number) => u.request(documents.availableValues, { params: { id: idCota } }),
};
