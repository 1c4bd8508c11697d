/**
 * A number as a Brazilian writes it: dots group thousands, a comma marks the decimals
 * ('98.000' and '98000' are ninety-eight thousand; '45.900,50' and 'R$ 45900,5' are 45 900.5).
 * A single dot before one or two digits and no comma is read as a decimal point ('98000.5').
 * Anything else — letters, two commas, a dot where a thousands group cannot be — is not a number.
 */
export function readNumber(text: string, whole = false): number | undefined {
  let t = text.replace(/R\$|\s/g, '');
  if (t.includes(',')) t = /^-?\d{1,3}(\.\d{3})+,\d+$/.test(t) ? t.replace(/\./g, '').replace(',', '.') : t.replace(',', '.');
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(t)) t = t.replace(/\./g, '');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return undefined;
  const value = Number(t);
  return whole && !Number.isInteger(value) ? undefined : value;
}

const BRAZILIAN = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 20, useGrouping: true });

/** A number the server already holds, shown as a Brazilian writes it (98000 → '98.000', 45900.5 → '45.900,5'). */
export function shownNumber(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return BRAZILIAN.format(value);
  return typeof value === 'string' ? value : '';
}
