import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { isCompanyId, normaliseNationalId } from './format.js';

export type NationalId = { kind: 'cpf' | 'cnpj'; value: string };

/**
 * Reads a typed CPF or CNPJ (masked or not). More than 11 characters is a CNPJ,
 * including the alphanumeric CNPJ valid from July 2026. Returns null when invalid.
 */
export function parseNationalId(input: string): NationalId | null {
  const value = normaliseNationalId(input);
  if (isCompanyId(value)) {
    return isValidCnpj(value, { version: 2 }) ? { kind: 'cnpj', value } : null;
  }
  return /^\d{11}$/.test(value) && isValidCpf(value) ? { kind: 'cpf', value } : null;
}
