import { describe, expect, it } from 'vitest';
import { openAsSpreadsheet, spreadsheetNumber } from '../../../../tests/helpers/spreadsheet.js';
import { spreadsheetCsv } from './csv.js';

describe('spreadsheetCsv', () => {
  const file = spreadsheetCsv(['nome', 'valor', 'quando', 'nota'], [
    ['Ana; Souza', 1234.5, new Date('2026-11-28T13:05:00Z'), '=HYPERLINK("http://x")'],
    ['+55 11', -3, null, 'diz "oi"\nem duas linhas'],
  ]);
  const rows = openAsSpreadsheet(file);

  it('opens in a pt-BR spreadsheet as columns: `;` between fields, a BOM, CRLF lines', () => {
    expect(Object.keys(rows[0]!)).toEqual(['nome', 'valor', 'quando', 'nota']);
    expect(file.split('\r\n')[0]).toBe('\uFEFFnome;valor;quando;nota');
    expect(rows.map((r) => r.nome)).toEqual(['Ana; Souza', "'+55 11"]);
    expect(rows[1]!.nota).toBe('diz "oi"\nem duas linhas');
  });

  it('writes numbers with a decimal comma and moments as DD/MM/AAAA HH:mm in Brasília', () => {
    expect(rows.map((r) => r.valor)).toEqual(['1234,5', '-3']);
    expect(rows.map((r) => spreadsheetNumber(r.valor!))).toEqual([1234.5, -3]);
    expect(rows.map((r) => r.quando)).toEqual(['28/11/2026 10:05', '']);
  });

  it('keeps a spreadsheet from running a text as a formula, and a negative number a number', () => {
    expect(rows[0]!.nota).toBe(`'=HYPERLINK("http://x")`);
    expect(rows[1]!.nome!.startsWith("'")).toBe(true);
    expect(rows[1]!.valor).toBe('-3');
  });
});
