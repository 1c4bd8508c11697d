import IMask from 'imask';
import { describe, expect, it } from 'vitest';
import type { FieldFormat } from '../../../../screens/contract/formats.js';
import { FORMATS, rawFromShown } from './formats.js';

/** What the mask shows and reports after `input` is typed, one character at a time. */
function masked(format: FieldFormat, input: string) {
  const mask = IMask.createMask(FORMATS[format].mask);
  for (const char of input) mask.append(char, { input: true, raw: true });
  const raw = FORMATS[format].raw;
  const sent = mask.unmaskedValue === '' ? undefined : raw === 'number' ? mask.typedValue : raw === 'masked' ? mask.value : mask.unmaskedValue;
  return { shown: mask.value, sent };
}

const TYPED: Record<FieldFormat, string[]> = {
  cpf: ['661', '661157509', '66115750903', '661.157.509-03', ' 661 157 509 03 '],
  cnpj: ['12', '12abc', '12.abc.345/01de-35', '46775236000109'],
  'cpf-cnpj': ['6', '661157', '66115750903', '661.157.509-03', '661157509031', '46775236000109', '12abc34501de35', '12.ABC.345/01DE-35'],
  cep: ['0', '01310', '01310100', '01310-100'],
  telefone: ['11', '113333', '1133334444', '11987654321'],
  celular: ['1', '1198765', '11987654321'],
  ddd: ['1', '11'],
  'numero-telefone': ['9876', '98765432', '987654321'],
  dinheiro: ['0', '5', '85000', '1234,5', '1.234,56', '1234567,89', '0,5', '12,'],
  data: ['2', '2512', '25121990'],
  placa: ['a', 'abc1', 'abc1d23', 'abc1234'],
  agencia: ['1', '1234'],
  conta: ['1', '123456', '123456789012'],
};

describe('the raw value of what a masked field shows', () => {
  it('is what the mask itself reports, for every format and every stage of typing', () => {
    for (const [format, inputs] of Object.entries(TYPED) as [FieldFormat, string[]][]) {
      for (const input of inputs) {
        const { shown, sent } = masked(format, input);
        expect({ format, input, sent: rawFromShown(format, shown) }).toEqual({ format, input, sent });
      }
    }
  });

  it('reads an unformatted field (typed before the mask loaded) as the mask would', () => {
    expect(rawFromShown('cpf-cnpj', '66115750903')).toBe('66115750903');
    expect(rawFromShown('cpf-cnpj', ' 661.157.509-03 ')).toBe('66115750903');
    expect(rawFromShown('cpf-cnpj', '12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(rawFromShown('dinheiro', '1234,56')).toBe(1234.56);
    expect(rawFromShown('cpf-cnpj', '')).toBeUndefined();
    expect(rawFromShown('dinheiro', ' ')).toBeUndefined();
  });
});
