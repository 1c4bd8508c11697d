import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';

/**
 * A CSV file opened as Excel or LibreOffice in Brazilian Portuguese open it with a double click:
 * UTF-8 only when it starts with a byte order mark (which is not part of the first column's name),
 * fields split at `;` (their list separator) and at nothing else. Returns the rows by column name.
 */
export function openAsSpreadsheet(file: string): Array<Record<string, string>> {
  expect(file.startsWith('\uFEFF')).toBe(true);
  return parse(file, { bom: true, delimiter: ';', columns: true, record_delimiter: '\r\n', skip_empty_lines: true }) as Array<Record<string, string>>;
}

/** A cell as a pt-BR spreadsheet reads a number: "1234" or "45,3" (decimal comma, no grouping); undefined when it is not one. */
export function spreadsheetNumber(cell: string): number | undefined {
  return /^-?\d+(,\d+)?$/.test(cell) ? Number(cell.replace(',', '.')) : undefined;
}
