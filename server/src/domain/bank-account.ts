import { accountOwnerProblem } from './registration.js';

/**
 * Rules of a bank account that receives money (doc 2 §3.7, §5 "Refund bank account"): the
 * holder's own CPF/CNPJ (the registration rule `accountOwnerProblem`), no salary account, a joint
 * account only with the quota holder as first holder, the agency without its check digit except
 * at the one bank whose agencies carry one, every digit of the account with any letter replaced
 * by zero, checking or savings, and the operation (Caixa's account operation code).
 * Pure: the refund flow uses it now; any flow that pays into an account can.
 */
export const BANK_ACCOUNT_MESSAGES = {
  salary: 'Conta salário não é aceita. Informe uma conta corrente ou poupança.',
  accountType: 'Escolha conta corrente ou poupança.',
  jointFirstHolder: 'Em conta conjunta, o titular da cota precisa ser o primeiro titular.',
  bank: 'Escolha o banco.',
  agency: 'Informe a agência sem o dígito (4 números).',
  agencyDigit: 'Informe o dígito da agência.',
  noAgencyDigit: 'Este banco não usa dígito na agência.',
  account: 'Informe todos os números da conta com o dígito, sem ponto ou traço (letras viram 0).',
  operation: 'Informe a operação com 3 ou 4 números.',
} as const;

/**
 * The spec names "one specific bank" whose agency keeps its check digit without saying which:
 * Banco do Brasil (001), whose agencies are written 1234-5 (or 1234-X). Configuration, not law.
 */
export const BANKS_WITH_AGENCY_DIGIT: ReadonlySet<string> = new Set(['001']);

/** Account types the form offers; a salary account is named only to be refused. */
export type AccountType = 'CORRENTE' | 'POUPANCA' | 'SALARIO';

export interface BankAccountInput {
  banco: string;
  agencia: string;
  digitoAgencia?: string | undefined;
  conta: string;
  tipoConta: string;
  operacao?: string | undefined;
  /** The CPF/CNPJ the account is in. */
  titularDocumento: string;
  contaConjunta?: boolean | undefined;
  /** In a joint account, whether the quota holder is its first holder. */
  primeiroTitular?: boolean | undefined;
}

/** The account as typed, with separators dropped and every letter replaced by zero ('12345-X' → '123450'). */
export function normaliseAccount(conta: string): string {
  return conta.trim().replace(/[a-z]/gi, '0').replace(/[\s.\-/]/g, '');
}

/** An agency digit as typed: one character, a letter (Banco do Brasil's X) becomes zero. */
export function normaliseAgencyDigit(digit: string | undefined): string {
  return (digit ?? '').trim().replace(/[a-z]/gi, '0');
}

/** What is wrong with the account, by field (empty when it can receive the money). */
export function bankAccountProblems(input: BankAccountInput, holderNationalId: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!/^\d{3}$/.test(input.banco)) problems.banco = BANK_ACCOUNT_MESSAGES.bank;
  if (input.tipoConta === 'SALARIO') problems.tipoConta = BANK_ACCOUNT_MESSAGES.salary;
  else if (input.tipoConta !== 'CORRENTE' && input.tipoConta !== 'POUPANCA') problems.tipoConta = BANK_ACCOUNT_MESSAGES.accountType;
  if (!/^\d{4}$/.test(input.agencia.trim())) problems.agencia = BANK_ACCOUNT_MESSAGES.agency;
  const digit = normaliseAgencyDigit(input.digitoAgencia);
  if (BANKS_WITH_AGENCY_DIGIT.has(input.banco)) {
    if (!/^\d$/.test(digit)) problems.digitoAgencia = BANK_ACCOUNT_MESSAGES.agencyDigit;
  } else if (digit !== '') problems.digitoAgencia = BANK_ACCOUNT_MESSAGES.noAgencyDigit;
  // Digits, separators and letters only; then at least 4 digits (number plus its digit) and at most 20.
  if (!/^[\dA-Za-z.\-/ ]+$/.test(input.conta.trim()) || !/^\d{4,20}$/.test(normaliseAccount(input.conta))) problems.conta = BANK_ACCOUNT_MESSAGES.account;
  if (input.operacao !== undefined && input.operacao.trim() !== '' && !/^\d{3,4}$/.test(input.operacao.trim())) problems.operacao = BANK_ACCOUNT_MESSAGES.operation;
  const owner = accountOwnerProblem(input.titularDocumento, holderNationalId);
  if (owner) problems.titularDocumento = owner;
  if (input.contaConjunta && input.primeiroTitular !== true) problems.primeiroTitular = BANK_ACCOUNT_MESSAGES.jointFirstHolder;
  return problems;
}
