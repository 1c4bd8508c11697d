import { formatCnpj, formatCpf } from '@brazilian-utils/brazilian-utils';
import { boundedMemo } from '../lib/bounded-memo.js';

/**
 * Display formatting in pt-BR, done once on the server. Money uses a plain space after
 * "R$" (Intl puts U+00A0 there; one form everywhere keeps tests and screen readers simple).
 */
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * `format` remembering its last few thousand answers: a screen shows the same amounts and months
 * request after request (a quota's credit, its instalments), and each Intl call costs a trip into
 * ICU.
 */
function remembered<K, V>(format: (key: K) => V): (key: K) => V {
  const memo = boundedMemo<K, V>(4096);
  // A map takes -0 for 0; Intl writes it "-R$ 0,00".
  return (key) => (Object.is(key, -0) ? format(key) : memo(key, () => format(key)));
}

export const formatMoney: (value: number) => string = remembered((value) => money.format(value).replace(/\u00a0/g, ' '));

const count = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** A count as a Brazilian writes it: 7, 1.234. */
export const formatCount: (value: number) => string = remembered((value) => count.format(value));

/**
 * The form of a phrase for a count, in pt-BR: exactly one takes the singular ("Falta 1 dia"),
 * zero and every other count the plural ("Faltam 10 dias") — never "dia(s)". Texts keep both
 * forms as `<key>.um` and `<key>.outros` (`app.countText`).
 */
export function plural<T>(n: number, one: T, other: T): T {
  return Math.abs(n) === 1 ? one : other;
}

/** 'YYYY-MM-DD' (a calendar date, no time zone) → 'DD/MM/YYYY'. */
export function formatDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) throw new RangeError(`not an ISO date: ${isoDate}`);
  return `${m[3]}/${m[2]}/${m[1]}`;
}

const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' });

/** 'YYYY-MM' → 'outubro de 2026' (a month as a Brazilian writes it; capitalise at the start of a line). */
export const formatMonth: (isoMonth: string) => string = remembered((isoMonth) => {
  const m = /^(\d{4})-(\d{2})$/.exec(isoMonth);
  if (!m) throw new RangeError(`not an ISO month: ${isoMonth}`);
  return `${monthName.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)))} de ${m[1]}`;
});

/** The first letter in upper case ('outubro de 2026' → 'Outubro de 2026'). */
export function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase('pt-BR') + text.slice(1);
}

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** A file's size as people read it: '850 bytes', '12 KB', '1,4 MB' (1 KB = 1.024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} ${plural(bytes, 'byte', 'bytes')}`;
  if (bytes < 1024 * 1024) return `${formatCount(Math.round(bytes / 1024))} KB`;
  return `${decimal.format(bytes / (1024 * 1024))} MB`;
}

/** A national ID longer than 11 characters is a company (CNPJ, possibly alphanumeric). */
export function isCompanyId(nationalId: string): boolean {
  return normaliseNationalId(nationalId).length > 11;
}

/** Strips the mask and upper-cases (alphanumeric CNPJ). */
export function normaliseNationalId(value: string): string {
  return value.replace(/[\s./-]/g, '').toUpperCase();
}

export function formatNationalId(value: string): string {
  const id = normaliseNationalId(value);
  return id.length > 11 ? formatCnpj(id, { version: 2 }) : formatCpf(id);
}

/** 'CPF: ***.157.509-**' style masking for screens that show a document partially. */
export function maskNationalId(value: string): string {
  const id = normaliseNationalId(value);
  return id.length > 11 ? formatCnpj(id, { version: 2, obfuscate: true }) : formatCpf(id, { obfuscate: true });
}

export function padDigits(value: string | number, size: number): string {
  return String(value).replace(/\D/g, '').padStart(size, '0');
}

/** Group 6 digits · quota 4 digits, as the customer sees them. */
export function quotaLabel(grupo: string, cota: string): string {
  return `Grupo ${padDigits(grupo, 6)} · Cota ${padDigits(cota, 4)}`;
}

export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

/** An e-mail shown only as far as needed to recognise it: an***@example.com.br. */
export function maskEmail(email: string): string {
  const [user = '', domain = ''] = email.split('@');
  return `${user.slice(0, 2)}***@${domain}`;
}

/** A phone shown as (11) *****-4321. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `(${digits.slice(0, 2)}) *****-${digits.slice(-4)}`;
}

/** 'DD/MM/YYYY às HH:mm' in Brasília (the one date-and-time form of every screen, CSV and e-mail). */
export { formatDateTime } from './clock.js';

/** A count with its noun in the right number: "1 ponto", "3 pontos" (never "ponto(s)"). */
export function countOf(value: number, one: string, other: string): string {
  return `${formatCount(value)} ${plural(value, one, other)}`;
}

/**
 * pt-BR number formats by their decimals, made once each: making an Intl.NumberFormat costs far
 * more than formatting with one, and a list (a bid history's percentages) formats one per row.
 */
const upTo = new Map<number, Intl.NumberFormat>();
const exactly = new Map<number, Intl.NumberFormat>();
function numberFormat(cache: Map<number, Intl.NumberFormat>, digits: number, fixed: boolean): Intl.NumberFormat {
  let format = cache.get(digits);
  if (!format) cache.set(digits, (format = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: fixed ? digits : 0, maximumFractionDigits: digits, useGrouping: true })));
  return format;
}

/** A number with at most `digits` decimals, a decimal comma and thousands dots: 1.234,5. */
export function formatNumber(value: number, digits: number): string {
  return numberFormat(upTo, digits, false).format(value);
}

/** A percentage (in percent, 12.5 for 12,5%) as a Brazilian writes it: 12,5%. */
export function formatPercent(value: number, digits = 2): string {
  return `${formatNumber(value, digits)}%`;
}

/** A number with a fixed count of decimals and a decimal comma: 4,52. */
export function formatDecimal(value: number, digits: number): string {
  return numberFormat(exactly, digits, true).format(value);
}

const spreadsheetNumber = new Intl.NumberFormat('pt-BR', { useGrouping: false, maximumFractionDigits: 6 });

/** A number as a spreadsheet in pt-BR reads one from a file: a decimal comma, no thousands dots (1234,5). */
export function formatSpreadsheetNumber(value: number): string {
  return spreadsheetNumber.format(value);
}
