import { describe, expect, it } from 'vitest';
import { AREA_CODES, accountOwnerProblem, emailProblem, formatPhone, parseCep, phoneProblem, pixKeyProblem, REGISTRATION_MESSAGES as M } from './registration.js';

describe('area codes (ANATEL)', () => {
  it('knows the 67 valid DDDs', () => {
    expect(AREA_CODES.size).toBe(67);
    for (const ddd of [11, 21, 27, 31, 41, 48, 51, 61, 62, 65, 67, 68, 69, 71, 79, 81, 85, 91, 92, 95, 96, 98, 99]) expect(AREA_CODES.has(ddd)).toBe(true);
    for (const ddd of [10, 20, 23, 25, 26, 29, 30, 36, 39, 40, 50, 52, 56, 57, 58, 59, 60, 70, 72, 76, 78, 80, 90]) expect(AREA_CODES.has(ddd)).toBe(false);
  });
});

describe('phones', () => {
  it('accepts a mobile with 11 digits and 9 as the third, and formats it (00) 9 0000-0000', () => {
    expect(phoneProblem('(11) 98765-4321', 3)).toBeNull();
    expect(formatPhone('11987654321')).toBe('(11) 9 8765-4321');
  });
  it('refuses a mobile without the 9 or with 10 digits', () => {
    expect(phoneProblem('1187654321', 3)).toBe(M.mobile);
    expect(phoneProblem('11887654321', 3)).toBe(M.mobile);
  });
  it('refuses an area code that does not exist', () => {
    expect(phoneProblem('20987654321', 3)).toBe(M.ddd);
    expect(phoneProblem('2033334444', 1)).toBe(M.ddd);
  });
  it('accepts a residential landline with 10 digits (type 1, the default)', () => {
    expect(phoneProblem('1133334444')).toBeNull();
    expect(formatPhone('1133334444')).toBe('(11) 3333-4444');
    expect(phoneProblem('113333')).toBe(M.phone);
  });
});

describe('CEP', () => {
  it('takes 00000-000 and sends it without the hyphen', () => {
    expect(parseCep('01310-100')).toBe('01310100');
    expect(parseCep('01310100')).toBe('01310100');
  });
  it('refuses other shapes', () => {
    for (const bad of ['0131-0100', '013101000', 'abcde-fgh', '']) expect(parseCep(bad)).toBeNull();
  });
});

describe('e-mail', () => {
  it('accepts a valid e-mail confirmed equal (case aside)', () => expect(emailProblem('ana@example.com.br', 'ANA@example.com.br')).toBeNull());
  it('says "E-mail inválido"', () => expect(emailProblem('ana@')).toBe('E-mail inválido'));
  it('says the e-mails differ', () => expect(emailProblem('ana@example.com.br', 'ana@example.com')).toBe('Os e-mails informados não são iguais.'));
});

describe('Pix key and bank account', () => {
  it('accepts the holder’s own CPF or CNPJ as the Pix key', () => {
    expect(pixKeyProblem('661.157.509-03', '66115750903')).toBeNull();
    expect(pixKeyProblem('46775236000109', '46.775.236/0001-09')).toBeNull();
  });
  it('refuses an e-mail, a phone or someone else’s CPF as the Pix key', () => {
    expect(pixKeyProblem('ana@example.com.br', '66115750903')).toBe(M.pixOwner);
    expect(pixKeyProblem('+5511987654321', '66115750903')).toBe(M.pixOwner);
    expect(pixKeyProblem('29554594704', '66115750903')).toBe(M.pixOwner);
  });
  it('requires the account in the holder’s own CPF/CNPJ', () => {
    expect(accountOwnerProblem('661.157.509-03', '66115750903')).toBeNull();
    expect(accountOwnerProblem('29554594704', '66115750903')).toBe(M.accountOwner);
  });
});
