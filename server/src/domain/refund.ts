import { isCancelled, isContemplated, type QuotaState } from './quota-flags.js';

/**
 * Refund rules (doc 2 §3.7, §4.6, §5, §9), pure. A refund exists only for a cancelled quota that
 * was contemplated, or for a quota in a closed group. A payment counts as reversed when the phase is
 * payment sent or request finished (confirmed) and values remain. The refund date is valid only as
 * DD/MM/YYYY.
 */

export function refundAllowed(quota: QuotaState, today: string): boolean {
  return (isCancelled(quota) && isContemplated(quota, today)) || quota.statusGrupo === 'ENCERRADO';
}

/** Phases in which the payment went out: values that remain mean the bank returned it. */
const PAID_PHASES = new Set(['PAGAMENTO_ENVIADO', 'SOLICITACAO_FINALIZADA']);

export function isReversedPayment(state: { status: string | null; possuiValores: boolean; valorDisponivel: number }): boolean {
  if (state.status === 'PAGAMENTO_ESTORNADO') return true;
  return state.status !== null && PAID_PHASES.has(state.status) && state.possuiValores && state.valorDisponivel > 0;
}

/** The status the definitions decide on: a reversed payment counts as PAGAMENTO_ESTORNADO (PaymentFilling). */
export function effectiveRefundStatus(state: { status: string | null; possuiValores: boolean; valorDisponivel: number }): string | null {
  return isReversedPayment(state) ? 'PAGAMENTO_ESTORNADO' : state.status;
}

/** 'YYYY-MM-DD' of a date typed DD/MM/YYYY, or null when it is not such a date. */
export function parseRefundDate(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/** 'DD/MM/YYYY' of a calendar day 'YYYY-MM-DD'. */
export const refundDateText = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Personal documents a person may send (doc 2 §3.7), with the pages each needs (doc 2 §3.3; CPF 1). */
export const PERSONAL_DOCUMENTS = [
  { id: 'rg', label: 'RG', pages: 2 },
  { id: 'cnh', label: 'CNH', pages: 1 },
  { id: 'rne', label: 'RNE', pages: 1 },
  { id: 'cpf', label: 'CPF', pages: 1 },
  { id: 'reservista', label: 'Certificado das Forças Armadas', pages: 1 },
  { id: 'conselho', label: 'Carteira de conselho de classe', pages: 2 },
  { id: 'ctps', label: 'Carteira de trabalho', pages: 3 },
] as const;
export type PersonalDocument = (typeof PERSONAL_DOCUMENTS)[number]['id'];

/** A document field of the refund: its id (the one the analysis request names), label and most files. */
export interface RefundDocument {
  id: string;
  label: string;
  max: number;
}

/** What a person sends: the personal document, bank documents, a selfie. */
export const PERSON_REFUND_DOCUMENTS: readonly RefundDocument[] = [
  { id: 'documentoPessoal', label: 'Documento pessoal', max: 3 },
  { id: 'documentosBancarios', label: 'Documentos bancários (extrato ou cartão com nome, agência e conta)', max: 2 },
  { id: 'selfie', label: 'Selfie', max: 1 },
];

/** What a company sends first: its social contract and a bank statement. */
export const COMPANY_REFUND_DOCUMENTS: readonly RefundDocument[] = [
  { id: 'contratoSocial', label: 'Contrato social e última alteração', max: 3 },
  { id: 'extratoBancario', label: 'Extrato bancário da empresa', max: 2 },
];

/** Then its representative partner's identity document and selfie (doc 2 §4.6: required for a legal entity). */
export const PARTNER_REFUND_DOCUMENTS: readonly RefundDocument[] = [
  { id: 'documentoSocio', label: 'Documento de identidade do sócio representante', max: 3 },
  { id: 'selfieSocio', label: 'Selfie do sócio representante', max: 1 },
];

export const ALL_REFUND_DOCUMENTS: readonly RefundDocument[] = [...PERSON_REFUND_DOCUMENTS, ...COMPANY_REFUND_DOCUMENTS, ...PARTNER_REFUND_DOCUMENTS];

/** The pages a personal document needs, or the message when the files are too few. */
export function personalPagesProblem(type: string, files: number): string | null {
  const doc = PERSONAL_DOCUMENTS.find((d) => d.id === type);
  if (!doc || files >= doc.pages) return null;
  return `Envie ${doc.pages} ${doc.pages === 1 ? 'arquivo' : 'arquivos'} do ${doc.label}, um por página (frente e verso).`;
}
