import { z } from 'zod';
import { BILLING_UPLOADS, contentType, filesProblem, type ContentType, type UploadRules } from './file-checks.js';
import { pagesProblem } from './identity.js';
import { parseDataUrl } from './uploads.js';

/** One upload field of a document form: its id (the form's key), the document's name, and how many files it takes. */
export interface DocumentField {
  id: string;
  /** The document's name, sent upstream as the file's description (the analysis names refused ones by it). */
  label: string;
  /** The field's title when it differs from the label (e.g. with the identity type chosen). */
  title?: string;
  max: number;
  /** At least this many files (default 1); e.g. the last 6 rural invoices. */
  min?: number;
  /** For an identity document: its type, whose minimum pages apply (rg 2, ctps 3…). */
  identityType?: string;
}

/** A file that passed the checks, ready for arquivos/v2: the type is the one the content shows. */
export interface CheckedFile {
  field: string;
  label: string;
  /** Its place among the field's files (1, 2 …): the server names it `<field>-<n>.<extension>`. */
  n: number;
  type: ContentType;
  data: Buffer;
}

/** The action input of a document form: field id → data URLs (RJSF's file widget). */
export const DocumentFilesInput = z.record(z.string().regex(/^[a-zA-Z]{3,40}$/), z.array(z.string()).max(10));
export type DocumentFilesInput = z.infer<typeof DocumentFilesInput>;

/** The message for a field the form did not ask (a document list tampered with in the request). */
export const NOT_ASKED_MESSAGE = 'Este documento não foi solicitado.';

/** The form part of a screen document for these fields (RJSF JSON Schema, uiSchema, an empty file per field). */
export function documentForm(fields: readonly DocumentField[], rules: UploadRules = BILLING_UPLOADS) {
  const properties = Object.fromEntries(
    fields.map((d) => [d.id, { type: 'array', title: `${d.title ?? d.label} (até ${d.max})`, minItems: d.min ?? 1, maxItems: d.max, items: { type: 'string', format: 'data-url' }, errorMessage: rules.messages.missing }]),
  );
  const uiSchema = Object.fromEntries(fields.map((d) => [d.id, { 'ui:options': { orderable: false, copyable: false, accept: rules.accept } }]));
  return { schema: { type: 'object', required: fields.map((d) => d.id), properties }, uiSchema, formData: Object.fromEntries(fields.map((d) => [d.id, ['']])) };
}

/**
 * Checks what the customer sent against the fields asked, before anything goes upstream: data
 * URLs, count (min/max), size, content type, identity pages. With `strict`, a field that was not
 * asked is refused by name (a tampered list). Either field errors (field id → message), or the
 * files in field order and the fields they complete.
 */
export function checkDocumentFiles(
  input: DocumentFilesInput,
  fields: readonly DocumentField[],
  options: { rules?: UploadRules; strict?: boolean; minMessage?: (field: DocumentField) => string } = {},
): { ok: false; errors: Record<string, string> } | { ok: true; files: CheckedFile[]; fields: string[] } {
  const rules = options.rules ?? BILLING_UPLOADS;
  const errors: Record<string, string> = {};
  const files: CheckedFile[] = [];
  const done: string[] = [];
  if (options.strict) for (const key of Object.keys(input)) if (!fields.some((f) => f.id === key)) errors[key] = NOT_ASKED_MESSAGE;
  // Any declared type is let through the data-URL parse: the content decides.
  const anyType = ['application/pdf', 'image/jpeg', 'image/jpg', 'image/png', 'image/tiff', 'application/octet-stream', 'text/plain'];
  for (const field of fields) {
    const parsed = (input[field.id] ?? []).filter(Boolean).map((v) => parseDataUrl(v, anyType));
    if (parsed.some((p) => p === null)) {
      errors[field.id] = rules.messages.badFormat;
      continue;
    }
    const datas = parsed.map((p) => p!.data);
    const problem =
      filesProblem(datas, field.max, rules) ??
      (field.min !== undefined && datas.length < field.min ? (options.minMessage?.(field) ?? `Envie ${field.min} arquivos neste campo.`) : null) ??
      (field.identityType ? pagesProblem(field.identityType, datas.length) : null);
    if (problem) {
      errors[field.id] = problem;
      continue;
    }
    done.push(field.id);
    for (const [k, p] of parsed.entries()) files.push({ field: field.id, label: field.label, n: k + 1, type: contentType(p!.data)!, data: p!.data });
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, files, fields: done };
}
