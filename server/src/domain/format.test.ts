import { describe, expect, it } from 'vitest';
import { capitalise, countOf, formatCount, formatDate, formatDateTime, formatDecimal, formatFileSize, formatMonth, formatMoney, formatNationalId, isCompanyId, maskNationalId, padDigits, plural, quotaLabel } from './format.js';
import { parseNationalId } from './national-id.js';

describe('pt-BR formatting', () => {
  it('formats money as R$ with dot thousands and comma decimals', () => {
    expect(formatMoney(61204.18)).toBe('R$ 61.204,18');
    expect(formatMoney(85000)).toBe('R$ 85.000,00');
    expect(formatMoney(0.5)).toBe('R$ 0,50');
  });

  it('formats a calendar date as DD/MM/YYYY without shifting the day', () => {
    expect(formatDate('2026-12-02')).toBe('02/12/2026');
    expect(formatDate('2024-12-25T00:00:00Z')).toBe('25/12/2024');
  });

  it('masks CPF and CNPJ, including the alphanumeric CNPJ', () => {
    expect(formatNationalId('66115750903')).toBe('661.157.509-03');
    expect(formatNationalId('46775236000109')).toBe('46.775.236/0001-09');
    expect(formatNationalId('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskNationalId('66115750903')).toBe('***.157.509-**');
  });

  it('pads group to 6 and quota to 4 digits', () => {
    expect(padDigits('1234', 6)).toBe('001234');
    expect(padDigits(567, 4)).toBe('0567');
    expect(quotaLabel('1234', '567')).toBe('Grupo 001234 · Cota 0567');
  });
});

describe('amounts and months remembered between screens', () => {
  it('writes every amount as Intl does, the first time and again, also past the remembered few thousand and for minus zero', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    const expected = (n: number) => intl.format(n).replace(/\u00a0/g, ' ');
    for (let round = 0; round < 2; round++) for (let i = 0; i < 6_000; i += 7) expect(formatMoney(i * 1.37)).toBe(expected(i * 1.37));
    expect(formatMoney(0)).toBe('R$ 0,00');
    expect(formatMoney(-0)).toBe(expected(-0));
    expect(formatMoney(0)).toBe('R$ 0,00');
    expect(formatMonth('2026-10')).toBe('outubro de 2026');
    expect(formatMonth('2026-10')).toBe('outubro de 2026');
    expect(() => formatMonth('2026-13-01')).toThrow(RangeError);
  });
});

describe('pt-BR counts, decimals and instants', () => {
  it('writes counts with dot thousands and their noun in the right number', () => {
    expect(formatCount(1234)).toBe('1.234');
    expect(countOf(1, 'ponto', 'pontos')).toBe('1 ponto');
    expect(countOf(3, 'ponto', 'pontos')).toBe('3 pontos');
    expect(countOf(0, 'texto', 'textos')).toBe('0 textos');
  });

  it('writes decimals with a comma and a fixed count of digits, and an instant in Brasília', () => {
    expect(formatDecimal(4.5, 2)).toBe('4,50');
    expect(formatDecimal(21, 2)).toBe('21,00');
    expect(formatDateTime('2026-11-26T23:48:00.000Z')).toBe('26/11/2026 às 20:48');
  });
});

describe('counts', () => {
  it('writes the singular for exactly one and the plural for zero and more (never "dia(s)")', () => {
    expect(plural(1, 'dia', 'dias')).toBe('dia');
    expect(plural(-1, 'dia', 'dias')).toBe('dia');
    expect(plural(0, 'dia', 'dias')).toBe('dias');
    expect(plural(10, 'dia', 'dias')).toBe('dias');
  });

  it('writes a count with the thousands dot', () => {
    expect(formatCount(7)).toBe('7');
    expect(formatCount(1234)).toBe('1.234');
  });
});

describe('months and file sizes', () => {
  it('writes a month in words', () => {
    expect(formatMonth('2026-10')).toBe('outubro de 2026');
    expect(capitalise(formatMonth('2026-03'))).toBe('Março de 2026');
  });

  it('writes a file size in bytes, KB or MB', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(850)).toBe('850 bytes');
    expect(formatFileSize(12_300)).toBe('12 KB');
    expect(formatFileSize(1_468_006)).toBe('1,4 MB');
  });
});

describe('national id', () => {
  it('treats more than 11 characters as a company', () => {
    expect(isCompanyId('661.157.509-03')).toBe(false);
    expect(isCompanyId('46.775.236/0001-09')).toBe(true);
  });

  it('accepts valid CPF, numeric CNPJ and alphanumeric CNPJ, masked or not', () => {
    expect(parseNationalId('661.157.509-03')).toEqual({ kind: 'cpf', value: '66115750903' });
    expect(parseNationalId('46775236000109')).toEqual({ kind: 'cnpj', value: '46775236000109' });
    expect(parseNationalId('12.ABC.345/01DE-35')).toEqual({ kind: 'cnpj', value: '12ABC34501DE35' });
  });

  it('refuses wrong check digits and junk', () => {
    expect(parseNationalId('66115750904')).toBeNull();
    expect(parseNationalId('12ABC34501DE36')).toBeNull();
    expect(parseNationalId('abc')).toBeNull();
    expect(parseNationalId('11111111111')).toBeNull();
  });
});
