import IMask from 'imask';
import { describe, expect, it } from 'vitest';
import { FIELD_FORMATS } from '../../../../screens/contract/formats.js';
import { withFormats } from './field-formats.js';
import { FORMATS } from './formats.js';

/** What the customer sees and what the form sends after typing or pasting `input`. */
function typed(format: keyof typeof FORMATS, input: string) {
  const mask = IMask.createMask(FORMATS[format].mask);
  // One character at a time, as a customer types (a dot typed in money is a thousands separator, not the decimal comma).
  for (const char of input) mask.append(char, { input: true, raw: true });
  return { shown: mask.value, sent: FORMATS[format].raw === 'number' ? mask.typedValue : FORMATS[format].raw === 'masked' ? mask.value : mask.unmaskedValue, complete: mask.isComplete };
}

describe('field formats', () => {
  it('has a mask for every format of the contract', () => {
    expect(Object.keys(FORMATS).sort()).toEqual([...FIELD_FORMATS].sort());
  });

  it('formats a pasted CPF with or without punctuation and sends its digits', () => {
    expect(typed('cpf-cnpj', '661.157.509-03')).toEqual({ shown: '661.157.509-03', sent: '66115750903', complete: true });
    expect(typed('cpf-cnpj', ' 66115750903 ')).toEqual({ shown: '661.157.509-03', sent: '66115750903', complete: true });
    expect(typed('cpf', '661.157.509-03').sent).toBe('66115750903');
  });

  it('takes a company number, alphanumeric ones too, in upper case', () => {
    expect(typed('cpf-cnpj', '46775236000109')).toMatchObject({ shown: '46.775.236/0001-09', sent: '46775236000109' });
    expect(typed('cpf-cnpj', '12.abc.345/01de-35')).toMatchObject({ shown: '12.ABC.345/01DE-35', sent: '12ABC34501DE35' });
    expect(typed('cnpj', '12abc34501de35').shown).toBe('12.ABC.345/01DE-35');
  });

  it('refuses letters in a CEP as they are typed and sends it without the hyphen', () => {
    expect(typed('cep', '01310100')).toEqual({ shown: '01310-100', sent: '01310100', complete: true });
    expect(typed('cep', '01a310-1b00')).toMatchObject({ shown: '01310-100', sent: '01310100' });
  });

  it('formats phones: a landline of 10 digits, a mobile of 11, and a 10-digit mobile stays incomplete', () => {
    expect(typed('telefone', '1133334444')).toMatchObject({ shown: '(11) 3333-4444', sent: '1133334444' });
    expect(typed('telefone', '11987654321')).toMatchObject({ shown: '(11) 98765-4321', sent: '11987654321' });
    expect(typed('celular', '1198765432').complete).toBe(false);
    expect(typed('numero-telefone', '987654321').shown).toBe('98765-4321');
  });

  it('sends money as a number', () => {
    expect(typed('dinheiro', '1.234,56')).toMatchObject({ shown: '1.234,56', sent: 1234.56 });
    expect(typed('dinheiro', '85000')).toMatchObject({ shown: '85.000', sent: 85000 });
  });

  it('formats plates old and Mercosul, upper case and without the hyphen when sent', () => {
    expect(typed('placa', 'abc1d23')).toMatchObject({ shown: 'ABC1D23', sent: 'ABC1D23' });
    expect(typed('placa', 'abc1234')).toMatchObject({ shown: 'ABC-1234', sent: 'ABC1234' });
  });

  it('keeps dates as typed with slashes, agency and account as digits', () => {
    expect(typed('data', '25121990')).toMatchObject({ shown: '25/12/1990', sent: '25/12/1990' });
    expect(typed('agencia', '12a345').sent).toBe('1234');
    expect(typed('conta', '12345-6').sent).toBe('123456');
  });

  it('writes formats into the uiSchema without losing the field’s own options', () => {
    const ui = { documento: { 'ui:autocomplete': 'username', 'ui:options': { inputMode: 'text' } } };
    expect(withFormats(ui, { documento: 'cpf-cnpj', 'endereco.cep': 'cep' })).toEqual({
      documento: { 'ui:autocomplete': 'username', 'ui:options': { inputMode: 'text', format: 'cpf-cnpj' } },
      endereco: { cep: { 'ui:options': { format: 'cep' } } },
    });
    expect(ui.documento['ui:options']).toEqual({ inputMode: 'text' });
  });
});
