import { getAreaCodesByState, getPixKeyInfo, getStates, isValidCep, isValidEmail, isValidLandlinePhone, isValidMobilePhone } from '@brazilian-utils/brazilian-utils';
import { normaliseNationalId } from './format.js';

/**
 * Registration-data rules (spec doc 1 §5, doc 2 §5; domain notes): area codes from ANATEL's
 * list, phone types, CEP, e-mail, Pix key and account ownership — checked with the maintained
 * `@brazilian-utils/brazilian-utils`, not by hand.
 */
export const REGISTRATION_MESSAGES = {
  email: 'E-mail inválido',
  emailsDiffer: 'Os e-mails informados não são iguais.',
  ddd: 'DDD inválido.',
  phone: 'Telefone inválido.',
  mobile: 'Celular deve ter 11 dígitos e começar com 9 depois do DDD.',
  cep: 'CEP inválido. Use o formato 00000-000.',
  pixOwner: 'A chave Pix deve ser o CPF ou CNPJ do titular.',
  accountOwner: 'A conta deve estar no CPF ou CNPJ do titular.',
} as const;

/** The 67 valid area codes (DDD), by state, from the library. */
export const AREA_CODES: ReadonlySet<number> = new Set(getStates().flatMap((s) => getAreaCodesByState(s.code) as number[]));

/** Phone types of the registration (spec): 1 residential (default), 2 commercial, 3 mobile. */
export type PhoneType = 1 | 2 | 3;

const digits = (text: string) => text.replace(/\D/g, '');

export function phoneProblem(number: string, type: PhoneType = 1): string | null {
  const d = digits(number);
  if (d.length < 10) return REGISTRATION_MESSAGES.phone;
  if (!AREA_CODES.has(Number(d.slice(0, 2)))) return REGISTRATION_MESSAGES.ddd;
  // Mobiles: 11 digits with 9 as the third (domain notes), on top of the library's check.
  if (type === 3) return /^\d{2}9\d{8}$/.test(d) && isValidMobilePhone(d) ? null : REGISTRATION_MESSAGES.mobile;
  return isValidLandlinePhone(d) || isValidMobilePhone(d) ? null : REGISTRATION_MESSAGES.phone;
}

/** (00) 9 0000-0000 for mobiles, (00) 0000-0000 for landlines. */
export function formatPhone(number: string): string {
  const d = digits(number);
  return d.length === 11 ? `(${d.slice(0, 2)}) ${d[2]} ${d.slice(3, 7)}-${d.slice(7)}` : `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
}

/** CEP typed as 00000-000 (or 8 digits), sent without the hyphen; null when invalid. */
export function parseCep(text: string): string | null {
  const t = text.trim();
  if (!/^\d{5}-?\d{3}$/.test(t) || !isValidCep(t)) return null;
  return digits(t);
}

export function emailProblem(email: string, confirmation?: string): string | null {
  if (!isValidEmail(email.trim())) return REGISTRATION_MESSAGES.email;
  if (confirmation !== undefined && confirmation.trim().toLowerCase() !== email.trim().toLowerCase()) return REGISTRATION_MESSAGES.emailsDiffer;
  return null;
}

/** Only one Pix key, and it must be the member's own CPF or CNPJ. */
export function pixKeyProblem(key: string, holderNationalId: string): string | null {
  const info = getPixKeyInfo(key.trim());
  if (!info || (info.type !== 'cpf' && info.type !== 'cnpj')) return REGISTRATION_MESSAGES.pixOwner;
  return normaliseNationalId(String(info.value)) === normaliseNationalId(holderNationalId) ? null : REGISTRATION_MESSAGES.pixOwner;
}

/** The bank account must be in the member's own CPF/CNPJ. */
export function accountOwnerProblem(accountHolderId: string, holderNationalId: string): string | null {
  return normaliseNationalId(accountHolderId) === normaliseNationalId(holderNationalId) ? null : REGISTRATION_MESSAGES.accountOwner;
}
