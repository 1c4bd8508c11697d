import { daysUntil } from '../../domain/quota-flags.js';

/** A proof of residence is accepted at most 60 days after it was issued, and only in the holder's name (doc 2 §3.3). */
export const RESIDENCE_PROOF_MAX_DAYS = 60;

export const RESIDENCE_MESSAGES = {
  tooOld: `O comprovante de residência deve ter no máximo ${RESIDENCE_PROOF_MAX_DAYS} dias.`,
  notHolder: 'O comprovante de residência deve estar no nome do titular da cota.',
  date: 'Informe a data de emissão do comprovante de residência.',
} as const;

/**
 * The problem with a proof of residence issued on `issuedOn` ('YYYY-MM-DD') checked on `today`
 * (Brasília day from the back office's clock), or null: at most 60 days old, not in the future,
 * in the holder's name.
 */
export function residenceProofProblem(issuedOn: string | undefined, today: string, inHolderName: boolean): { field: 'emissaoComprovante' | 'comprovanteNoNomeDoTitular'; message: string } | null {
  if (!issuedOn || !/^\d{4}-\d{2}-\d{2}$/.test(issuedOn) || Number.isNaN(Date.parse(issuedOn))) return { field: 'emissaoComprovante', message: RESIDENCE_MESSAGES.date };
  const age = -daysUntil(issuedOn, today);
  if (age < 0) return { field: 'emissaoComprovante', message: RESIDENCE_MESSAGES.date };
  if (age > RESIDENCE_PROOF_MAX_DAYS) return { field: 'emissaoComprovante', message: RESIDENCE_MESSAGES.tooOld };
  if (!inHolderName) return { field: 'comprovanteNoNomeDoTitular', message: RESIDENCE_MESSAGES.notHolder };
  return null;
}
