import { describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_MESSAGES as M, bankAccountProblems, normaliseAccount } from './bank-account.js';
import { REGISTRATION_MESSAGES } from './registration.js';

const HOLDER = '64257674482';
const good = { banco: '341', agencia: '1234', conta: '56789-0', tipoConta: 'CORRENTE', titularDocumento: '642.576.744-82' };

describe('bank account that receives a refund (doc 2 §5)', () => {
  it('accepts a checking or savings account in the holder\'s own CPF', () => {
    expect(bankAccountProblems(good, HOLDER)).toEqual({});
    expect(bankAccountProblems({ ...good, tipoConta: 'POUPANCA', banco: '104', operacao: '013' }, HOLDER)).toEqual({});
  });

  it('refuses a salary account', () => {
    expect(bankAccountProblems({ ...good, tipoConta: 'SALARIO' }, HOLDER)).toEqual({ tipoConta: M.salary });
    expect(bankAccountProblems({ ...good, tipoConta: 'INVESTIMENTO' }, HOLDER)).toEqual({ tipoConta: M.accountType });
  });

  it('refuses an account in someone else\'s CPF/CNPJ with the registration rule\'s message', () => {
    expect(bankAccountProblems({ ...good, titularDocumento: '661.157.509-03' }, HOLDER)).toEqual({ titularDocumento: REGISTRATION_MESSAGES.accountOwner });
    expect(bankAccountProblems({ ...good, titularDocumento: '91.959.420/0001-55' }, '91959420000155')).toEqual({});
  });

  it('needs the quota holder as first holder of a joint account', () => {
    expect(bankAccountProblems({ ...good, contaConjunta: true }, HOLDER)).toEqual({ primeiroTitular: M.jointFirstHolder });
    expect(bankAccountProblems({ ...good, contaConjunta: true, primeiroTitular: false }, HOLDER)).toEqual({ primeiroTitular: M.jointFirstHolder });
    expect(bankAccountProblems({ ...good, contaConjunta: true, primeiroTitular: true }, HOLDER)).toEqual({});
  });

  it('takes the agency without its digit, except at Banco do Brasil, where the digit is required (X counts as 0)', () => {
    expect(bankAccountProblems({ ...good, agencia: '1234-5' }, HOLDER)).toEqual({ agencia: M.agency });
    expect(bankAccountProblems({ ...good, digitoAgencia: '5' }, HOLDER)).toEqual({ digitoAgencia: M.noAgencyDigit });
    expect(bankAccountProblems({ ...good, banco: '001' }, HOLDER)).toEqual({ digitoAgencia: M.agencyDigit });
    expect(bankAccountProblems({ ...good, banco: '001', digitoAgencia: 'X' }, HOLDER)).toEqual({});
  });

  it('wants every digit of the account, letters replaced by zero', () => {
    expect(normaliseAccount('12345-X')).toBe('123450');
    expect(normaliseAccount(' 1.234.567-8 ')).toBe('12345678');
    expect(bankAccountProblems({ ...good, conta: '123' }, HOLDER)).toEqual({ conta: M.account });
    expect(bankAccountProblems({ ...good, conta: '12#45-6' }, HOLDER)).toEqual({ conta: M.account });
    expect(bankAccountProblems({ ...good, conta: '12345-x' }, HOLDER)).toEqual({});
  });

  it('takes the operation as 3 or 4 digits when given', () => {
    expect(bankAccountProblems({ ...good, operacao: '1288' }, HOLDER)).toEqual({});
    expect(bankAccountProblems({ ...good, operacao: '13' }, HOLDER)).toEqual({ operacao: M.operation });
  });
});
