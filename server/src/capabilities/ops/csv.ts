import { stringify } from 'csv-stringify/sync';
import { formatSpreadsheetDateTime } from '../../domain/clock.js';
import { formatSpreadsheetNumber } from '../../domain/format.js';

/**
 * One cell of a console export: text, a number, a moment (a `Date`), or nothing. Numbers and
 * moments are written here, the way a spreadsheet in Brazilian Portuguese reads them back as
 * numbers and dates; text is written as given.
 */
export type CsvCell = string | number | Date | null | undefined;

/**
 * A console export as Excel and LibreOffice in Brazilian Portuguese open it with a double click:
 * fields separated by `;` (their list separator, since the comma is the decimal mark), a UTF-8 byte
 * order mark (so accents read right), CRLF line ends, decimal commas, DD/MM/AAAA dates. A text that
 * begins with = + - @ (or a tab or return) is prefixed with ' so that a spreadsheet shows it and
 * never runs it as a formula; a negative number stays a number.
 */
export function spreadsheetCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify([[...header], ...rows.map((row) => [...row])], {
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    escape_formulas: true,
    cast: {
      number: (n) => formatSpreadsheetNumber(n),
      date: (at) => formatSpreadsheetDateTime(at),
    },
  });
}
