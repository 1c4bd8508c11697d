import { NOT_CONTEMPLATED } from './quota-flags.js';
import { normaliseNationalId } from './format.js';
import { parseNationalId } from './national-id.js';

/**
 * Quota transfer rules (doc 2 §4.10, §9): allowed only when the quota has no contemplation date,
 * nothing overdue, version 0 and situation NORMAL or QUITADA; the fee is 1 % of the credit.
 */
export const TRANSFER_FEE_RATE = 0.01;

/** Which rule refuses the transfer, checked in the spec's order. */
export type TransferRefusal = 'contemplada' | 'atraso' | 'versao' | 'situacao';

export interface TransferQuota {
  dataContemplacao?: string | null;
  parcelasAtraso?: number | undefined;
  versao: string;
  situacaoCota: string;
}

const ALLOWED_SITUATIONS = new Set(['NORMAL', 'QUITADA', 'QUITADO']);

export function transferRefusal(q: TransferQuota): TransferRefusal | null {
  const date = q.dataContemplacao?.slice(0, 10);
  if (date && date !== NOT_CONTEMPLATED) return 'contemplada';
  if ((q.parcelasAtraso ?? 0) > 0) return 'atraso';
  if (Number(q.versao) !== 0) return 'versao';
  if (!ALLOWED_SITUATIONS.has(q.situacaoCota.trim().toUpperCase())) return 'situacao';
  return null;
}

/** 1 % of the credit, in cents. */
export function transferFee(credit: number): number {
  return Math.round(credit * TRANSFER_FEE_RATE * 100) / 100;
}

/** The assignee's CPF/CNPJ: it must check, and it cannot be the holder's own. */
export function assigneeProblem(input: string, holderId: string): 'invalido' | 'proprio' | null {
  const id = parseNationalId(input);
  if (!id) return 'invalido';
  return id.value === normaliseNationalId(holderId) ? 'proprio' : null;
}
