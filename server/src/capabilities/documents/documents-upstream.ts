import { documents } from '../../../../back-office/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import type { UpstreamFile } from '../../upstream/client.js';

export type { AccountStatement, AvailableValues, MonthlyStatement } from '../../../../back-office/index.js';

/** Where the back office keeps one of the quota's files (spec doc 1 §7 "Statements and documents"). */
export interface QuotaFile {
  path: string;
  query?: Record<string, number>;
}

/** The quota's files, by document. */
export const quotaFiles = {
  contract: (idCota: number): QuotaFile => ({ path: `cotas/${idCota}/contrato-registrado` }),
  statement: (idCota: number, hash: string): QuotaFile => ({ path: `cotas/${idCota}/demonstrativo/imprimir/${hash}` }),
  taxReport: (idCota: number, year: number): QuotaFile => ({ path: `cotas/${idCota}/informe-anual-rendimentos/imprimir/${year}` }),
  annualProof: (idCota: number, year: number): QuotaFile => ({ path: `cotas/${idCota}/comprovante-pagamentos`, query: { ano: year } }),
  accountStatement: (idCota: number): QuotaFile => ({ path: `cotas/${idCota}/extrato/imprimir` }),
};

/** A file as a stream (GET), or only its headers (HEAD: its size, whether it exists). */
export const openFile = (u: CustomerUpstream, file: QuotaFile, method: 'GET' | 'HEAD' = 'GET'): Promise<UpstreamFile> => u.download({ method, ...file });

/** Statements and documents (spec doc 1 §7): JSON lists and the files themselves. */
export const documentsUpstream = {
  contract: (u: CustomerUpstream, idCota: number) => openFile(u, quotaFiles.contract(idCota)),
  currentStatement: (u: CustomerUpstream, idCota: number) => u.request(documents.currentStatement, { params: { id: idCota } }),
  previousStatement: (u: CustomerUpstream, idCota: number, back: number) => u.request(documents.previousStatement, { params: { id: idCota, x: back } }),
  statementPdf: (u: CustomerUpstream, idCota: number, hash: string) => openFile(u, quotaFiles.statement(idCota, hash)),
  taxYears: (u: CustomerUpstream, idCota: number) => u.request(documents.taxYears, { params: { id: idCota } }),
  taxReportPdf: (u: CustomerUpstream, idCota: number, year: number) => openFile(u, quotaFiles.taxReport(idCota, year)),
  annualProofPdf: (u: CustomerUpstream, idCota: number, year: number) => openFile(u, quotaFiles.annualProof(idCota, year)),
  accountStatement: (u: CustomerUpstream, idCota: number) => u.request(documents.accountStatement, { params: { id: idCota } }),
  accountStatementPdf: (u: CustomerUpstream, idCota: number) => openFile(u, quotaFiles.accountStatement(idCota)),
  availableValues: (u: CustomerUpstream, idCota: number) => u.request(documents.availableValues, { params: { id: idCota } }),
};
