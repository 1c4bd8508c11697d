import { bankAccountProblems, type BankAccountInput } from './bank-account.js';
import { normaliseNationalId } from './format.js';
import { parseNationalId } from './national-id.js';

/**
 * The seller of a used vehicle (doc 2 §3.6, §5), framework-free: the four kinds and their route
 * names, the seller's personal data (a person's CPF, a company's CNPJ; never the buyer's), and the
 * seller's bank account — every rule of `bank-account.ts`, with the holder being the seller (the
 * company's CNPJ for companies) and the buyer (the quota holder) refused.
 */

export type SellerKind = 'PF' | 'REVENDEDORA_CONCESSIONARIA' | 'LOCADORA' | 'OUTRAS_EMPRESAS';

/** Route segment (vendedor/{segment}/…, the `sellerType` of the used-vehicle table) ↔ the enumeration. */
export const SELLER_SEGMENTS: Readonly<Record<string, SellerKind>> = {
  pessoafisica: 'PF',
  revendedora: 'REVENDEDORA_CONCESSIONARIA',
  locadora: 'LOCADORA',
  pessoajuridica: 'OUTRAS_EMPRESAS',
};

export const segmentOf = (kind: string | null | undefined): string | null => Object.entries(SELLER_SEGMENTS).find(([, k]) => k === kind)?.[0] ?? null;

export const isCompanySeller = (kind: SellerKind) => kind !== 'PF';

/** Reseller and rental company get a generated purchase order before the documents (doc 2 §2.5, §4.5). */
export const hasGeneratedOrder = (kind: SellerKind) => kind !== 'PF';

export const SELLER_MESSAGES = {
  cpf: 'CPF inválido. Confira os números do CPF do vendedor.',
  cnpj: 'CNPJ inválido. Confira os números (e letras) do CNPJ da empresa vendedora.',
  buyer: 'Os dados do comprador (titular da cota) não são aceitos: informe os dados do vendedor do veículo.',
  personAccount: 'A conta deve estar no nome do vendedor, no CPF informado nos dados pessoais.',
  companyAccount: 'A conta deve estar no CNPJ da empresa vendedora.',
} as const;

/** The seller's document: a valid CPF (person) or CNPJ (company), and never the buyer's. */
export function sellerDocumentProblem(kind: SellerKind, documento: string, buyerNationalId: string): string | null {
  const parsed = parseNationalId(documento);
  const wanted = isCompanySeller(kind) ? 'cnpj' : 'cpf';
  if (!parsed || parsed.kind !== wanted) return wanted === 'cnpj' ? SELLER_MESSAGES.cnpj : SELLER_MESSAGES.cpf;
  if (parsed.value === normaliseNationalId(buyerNationalId)) return SELLER_MESSAGES.buyer;
  return null;
}

/**
 * What is wrong with the seller's account, by field: the account rules of `bank-account.ts`, the
 * holder being the seller (company CNPJ for companies); an account in the buyer's name is refused
 * with its own words.
 */
export function sellerAccountProblems(kind: SellerKind, account: Omit<BankAccountInput, 'titularDocumento'> & { titularDocumento: string }, sellerDocument: string, buyerNationalId: string): Record<string, string> {
  const problems = bankAccountProblems(account, sellerDocument);
  delete problems.titularDocumento;
  const holder = normaliseNationalId(account.titularDocumento);
  if (holder === normaliseNationalId(buyerNationalId)) problems.titularDocumento = SELLER_MESSAGES.buyer;
  else if (holder !== normaliseNationalId(sellerDocument)) problems.titularDocumento = isCompanySeller(kind) ? SELLER_MESSAGES.companyAccount : SELLER_MESSAGES.personAccount;
  return problems;
}
