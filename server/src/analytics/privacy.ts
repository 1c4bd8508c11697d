/**
 * What may reach the analytics tables from a refusal: a field name and the reason shown to the
 * customer, with anything that could name or identify a person taken out first. Numbers of any
 * kind (document, quota, group, protocol, phone, money, dates) become "#", e-mail addresses
 * "(e-mail)", and every word of the customer's own data or of what the request carried (name,
 * typed values) becomes "…"; what is left is the message's fixed wording.
 */

const MAX_REASON = 160;
const MAX_FIELD = 64;

/** The field a whole-form message is counted under. */
export const FORM_FIELD = '_form';

const EMAIL = /[\p{L}0-9._%+-]+@[\p{L}0-9-]+(\.[\p{L}0-9-]+)+/gu;
/** A number with its separators ("661.157.509-03", "R$ 1.234,56" → "R$ #", "20/11/2026"). */
const NUMBER = /\d(?:[\d.,/:-]*\d)?/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]+/g;

const fold = (word: string) => word.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The words (3 letters or more) of the values a request or session holds, folded (case and accents). */
export function personalWords(values: Iterable<unknown>): Set<string> {
  const words = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 4) return;
    if (typeof value === 'string') {
      // A file travels as a data URL: its bytes are no words of a message.
      if (value.length > 300 || value.startsWith('data:')) return;
      for (const word of value.split(/[^\p{L}]+/u)) if (word.length >= 3) words.add(fold(word));
    } else if (Array.isArray(value)) value.forEach((v) => visit(v, depth + 1));
    else if (value && typeof value === 'object') Object.values(value).forEach((v) => visit(v, depth + 1));
  };
  for (const value of values) visit(value, 0);
  return words;
}

/** The reason as it may be kept: personal words, numbers and e-mails out; one line, at most 160 characters. */
export function safeReason(message: string, personal: ReadonlySet<string>): string {
  const text = message
    .replace(CONTROL, ' ')
    .replace(EMAIL, '(e-mail)')
    .replace(NUMBER, '#')
    .replace(/\p{L}+/gu, (word) => (word.length >= 3 && personal.has(fold(word)) ? '…' : word))
    .replace(/…(\s*…)+/g, '…')
    .replace(/\s+/g, ' ')
    .trim();
  return (text || 'Sem mensagem').slice(0, MAX_REASON);
}

/** A field name as it may be kept: a form's key, long numbers out (a field keyed by an id). */
export function safeField(field: string): string {
  const kept = field.replace(/[^A-Za-z0-9_.-]/g, '').replace(/\d{3,}/g, '#').slice(0, MAX_FIELD);
  return kept || FORM_FIELD;
}
