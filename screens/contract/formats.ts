import { z } from 'zod';

/**
 * Input formats a form field can declare (`form.formats`: field name → format). The renderer
 * applies the mask as the customer types and on paste, opens the right mobile keyboard and
 * sends the raw value below; the server still validates every field.
 *
 * | format            | shown                    | sent                                   |
 * |-------------------|--------------------------|----------------------------------------|
 * | cpf               | 000.000.000-00           | 11 digits                              |
 * | cnpj              | AA.AAA.AAA/AAAA-00       | 14 characters (alphanumeric from 2026) |
 * | cpf-cnpj          | either, by length        | digits / characters without punctuation|
 * | cep               | 00000-000                | 8 digits                               |
 * | telefone          | (00) 0000-0000 or 9 digits | 10 or 11 digits                      |
 * | celular           | (00) 00000-0000          | 11 digits                              |
 * | ddd               | 00                       | 2 digits                               |
 * | numero-telefone   | 0000-0000 / 00000-0000   | 8 or 9 digits                          |
 * | dinheiro          | 1.234,56                 | a number (1234.56)                     |
 * | data              | DD/MM/AAAA               | DD/MM/AAAA, as typed                   |
 * | placa             | ABC1D23 / ABC-1234       | 7 characters, uppercase, no hyphen     |
 * | agencia           | 0000                     | 4 digits                               |
 * | conta             | up to 12 digits          | digits                                 |
 */
export const FIELD_FORMATS = [
  'cpf',
  'cnpj',
  'cpf-cnpj',
  'cep',
  'telefone',
  'celular',
  'ddd',
  'numero-telefone',
  'dinheiro',
  'data',
  'placa',
  'agencia',
  'conta',
] as const;

export const FieldFormat = z.enum(FIELD_FORMATS).meta({ id: 'FieldFormat' });
export type FieldFormat = z.infer<typeof FieldFormat>;
