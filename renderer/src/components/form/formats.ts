import type { FactoryOpts } from 'imask';
import type { FieldFormat } from '../../../../screens/contract/formats.js';

/** What the field sends: the value without mask characters, the value as shown, or a number. */
export type RawKind = 'unmasked' | 'masked' | 'number';

export interface FormatSpec {
  /** imask options (the library does the masking; nothing here parses by hand). */
  mask: FactoryOpts;
  raw: RawKind;
  inputMode: 'numeric' | 'decimal' | 'tel' | 'text';
  /** Default `autocomplete` token; a field's own `ui:autocomplete` wins. */
  autoComplete: string;
  autoCapitalize?: 'characters';
}

const upper = (chars: string) => chars.toUpperCase();
/** Alphanumeric CNPJ (IN RFB 2.229/2024): 12 characters of [A-Z0-9], then 2 check digits. */
const CNPJ = { mask: 'AA.AAA.AAA/AAAA-00', definitions: { A: /[A-Z0-9]/ } } as const;
const CPF = { mask: '000.000.000-00' } as const;

/**
 * Every format of the contract (formats.ts), its mask and its keyboard. CPF/CNPJ fields open
 * the text keyboard when a CNPJ may hold letters; digits-only fields the numeric one.
 */
export const FORMATS: Record<FieldFormat, FormatSpec> = {
  cpf: { mask: CPF, raw: 'unmasked', inputMode: 'numeric', autoComplete: 'off' },
  cnpj: { mask: { ...CNPJ, prepareChar: upper }, raw: 'unmasked', inputMode: 'text', autoComplete: 'off', autoCapitalize: 'characters' },
  'cpf-cnpj': { mask: { mask: [CPF, CNPJ], prepareChar: upper }, raw: 'unmasked', inputMode: 'text', autoComplete: 'off', autoCapitalize: 'characters' },
  cep: { mask: { mask: '00000-000' }, raw: 'unmasked', inputMode: 'numeric', autoComplete: 'postal-code' },
  telefone: { mask: { mask: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }] }, raw: 'unmasked', inputMode: 'tel', autoComplete: 'tel-national' },
  celular: { mask: { mask: '(00) 00000-0000' }, raw: 'unmasked', inputMode: 'tel', autoComplete: 'tel-national' },
  ddd: { mask: { mask: '00' }, raw: 'unmasked', inputMode: 'numeric', autoComplete: 'tel-area-code' },
  'numero-telefone': { mask: { mask: [{ mask: '0000-0000' }, { mask: '00000-0000' }] }, raw: 'unmasked', inputMode: 'tel', autoComplete: 'tel-local' },
  dinheiro: {
    mask: { mask: Number, scale: 2, radix: ',', mapToRadix: [], thousandsSeparator: '.', min: 0, max: 999_999_999_999, normalizeZeros: true, padFractionalZeros: false },
    raw: 'number',
    inputMode: 'decimal',
    autoComplete: 'off',
  },
  data: { mask: { mask: '00/00/0000' }, raw: 'masked', inputMode: 'numeric', autoComplete: 'off' },
  placa: {
    // Old plates (ABC-1234) and Mercosul ones (ABC1D23); the fifth character decides.
    mask: { mask: [{ mask: 'aaa-0000' }, { mask: 'aaa0a00' }], prepareChar: upper },
    raw: 'unmasked',
    inputMode: 'text',
    autoComplete: 'off',
    autoCapitalize: 'characters',
  },
  agencia: { mask: { mask: '0000' }, raw: 'unmasked', inputMode: 'numeric', autoComplete: 'off' },
  conta: { mask: { mask: '000000000000' }, raw: 'unmasked', inputMode: 'numeric', autoComplete: 'off' },
};

export function isFieldFormat(value: unknown): value is FieldFormat {
  return typeof value === 'string' && Object.hasOwn(FORMATS, value);
}

/** The raw value the form sends. */
export type RawValue = string | number | undefined;

/**
 * The raw value of what a masked field shows, derived from the text alone, as the mask's unmask
 * does: the characters typed without the mask's punctuation (letters upper-cased where the format
 * upper-cases them, an alphanumeric CNPJ keeps its letters), the text itself for a format sent as
 * shown (a date), a number for money (pt-BR: dots group thousands, the comma is the decimal mark).
 * Works before imask has loaded, so the form never needs the mask to know what the field says.
 */
export function rawFromShown(format: FieldFormat, shown: string): RawValue {
  const spec = FORMATS[format];
  const text = shown.trim();
  if (spec.raw === 'masked') return text === '' ? undefined : text;
  if (spec.raw === 'number') {
    const plain = text.replace(/[^\d,]/g, '').replace(',', '.').replace(/,/g, '');
    if (!/\d/.test(plain)) return undefined;
    return Number(plain);
  }
  const chars = text.replace(/[^0-9A-Za-z]/g, '');
  if (chars === '') return undefined;
  // The formats whose mask upper-cases what is typed are the ones that open the upper-case keyboard.
  return spec.autoCapitalize === 'characters' ? chars.toUpperCase() : chars;
}
