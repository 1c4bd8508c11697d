import { acceptedContent, contentType, type ContentType } from '../../security/file-content.js';

export { acceptedContent, contentType, type ContentType } from '../../security/file-content.js';

/**
 * File checks of the flows' uploads (doc 2 §5), by content, size and count, before anything goes
 * upstream. The type is read from the content (file-content.ts: magic bytes, decodable dimensions,
 * a whole image with no markup), never from the name, so a renamed file or a polyglot is refused. Billing (cash, awarded, vehicle): PDF, JPG or JPEG up to 6 MB, every file
 * required, messages exactly as the spec writes them. Refund: JPEG, PNG, PDF or TIFF up to 8 MB.
 */
export const MAX_BILLING_FILE_BYTES = 6 * 1024 * 1024;
export const MAX_REFUND_FILE_BYTES = 8 * 1024 * 1024;

export const BILLING_FILE_MESSAGES = {
  tooMany: (n: number) => `Somente ${n} arquivos neste campo.`,
  tooLarge: 'Um ou mais arquivos são maior que o permitido',
  badFormat: 'O formato do arquivo utilizado não atende o requisito, por favor verifique!',
  missing: 'Todos os arquivos são obrigatórios',
} as const;

/** What a flow accepts in its upload fields. */
export interface UploadRules {
  maxBytes: number;
  types: readonly ContentType[];
  messages: { tooMany: (n: number) => string; tooLarge: string; badFormat: string; missing: string };
  /** `accept` of the browser's file input (a hint only: the server reads the content). */
  accept: string;
}

export const BILLING_UPLOADS: UploadRules = { maxBytes: MAX_BILLING_FILE_BYTES, types: ['application/pdf', 'image/jpeg'], messages: BILLING_FILE_MESSAGES, accept: '.pdf,.jpg,.jpeg' };

/** Refund uploads (doc 2 §5 "Uploads (refund)"): the spec gives the wrong-pattern message by meaning only. */
export const REFUND_UPLOADS: UploadRules = {
  maxBytes: MAX_REFUND_FILE_BYTES,
  // TIFF too: the spec's message names it (JPG, PNG, TIFF, PDF).
  types: ['image/jpeg', 'image/png', 'application/pdf', 'image/tiff'],
  messages: { ...BILLING_FILE_MESSAGES, badFormat: 'O documento anexado não corresponde ao padrão aceito (JPG, PNG, TIFF ou PDF).' },
  accept: '.jpg,.jpeg,.png,.pdf,.tif,.tiff',
};

/** The billing type of the content: PDF (%PDF-) or JPEG (FF D8 FF); anything else is refused. */
export function sniffType(data: Uint8Array): 'application/pdf' | 'image/jpeg' | null {
  const type = contentType(data);
  return type === 'application/pdf' || type === 'image/jpeg' ? type : null;
}

/** The problem with the files of one field (at least `min`, at most `max`), or null. */
export function filesProblem(files: readonly Uint8Array[], max: number, rules: UploadRules = BILLING_UPLOADS): string | null {
  if (files.length === 0) return rules.messages.missing;
  if (files.length > max) return rules.messages.tooMany(max);
  if (files.some((f) => f.length > rules.maxBytes)) return rules.messages.tooLarge;
  if (files.some((f) => acceptedContent(f, rules.types) === null)) return rules.messages.badFormat;
  return null;
}

/** The billing rules' problem with the files of one field, or null. */
export const billingFilesProblem = (files: readonly Uint8Array[], max: number) => filesProblem(files, max, BILLING_UPLOADS);
