import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { files } from '../../../../back-office/index.js';
import { contentType, type ContentType } from '../../security/file-content.js';

/**
 * A file the renderer sent as a data URL (RJSF's file widget): `data:<type>;name=<name>;base64,<data>`.
 * The name the customer's file had is read past and dropped: it is the customer's text (a path, quotes,
 * line breaks, markup), and the server names every file it sends on (serverFileName).
 */
export interface DataUrlFile {
  type: string;
  data: Buffer;
}

/** A checked file on its way to arquivos/v2: the form field it came in and its place there (1, 2 …). */
export interface OutgoingFile {
  field: string;
  n: number;
  type: string;
  data: Buffer;
}

const EXTENSIONS: Record<ContentType, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/tiff': 'tif' };

/**
 * The name the back office is given for a file: `<field>-<n>.<extension>`, the field the server's
 * own form named, the extension of the type read from the bytes (not the one declared). OWASP ASVS
 * 5.0 V5.4.1: nothing of the name the customer's file arrived with reaches the back office.
 */
export function serverFileName(field: string, n: number, data: Uint8Array): string {
  const type = contentType(data);
  const safeField = field.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'arquivo';
  return `${safeField}-${Math.max(1, Math.trunc(n))}.${type ? EXTENSIONS[type] : 'bin'}`;
}

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)(?:;name=[^;,]{1,120})?;base64,([A-Za-z0-9+/=]+)$/;

/** The file, or null when the text is not a data URL of one of `types`. */
export function parseDataUrl(text: string, types: readonly string[]): DataUrlFile | null {
  const m = DATA_URL.exec(text);
  if (!m || !types.includes(m[1]!)) return null;
  return { type: m[1]!, data: Buffer.from(m[2]!, 'base64') };
}

/**
 * POST arquivos/v2 (multipart: category, optional descricao — which document the file is, the
 * server's own label of the field — and the file, named by the server): the back office's id and
 * address of the file.
 */
export function uploadFile(upstream: CustomerUpstream, file: OutgoingFile, category: string, description?: string): Promise<{ id: string; url: string }> {
  return upstream.request(files.upload, { upload: { fields: { category, descricao: description }, file: { field: 'file', name: serverFileName(file.field, file.n, file.data), type: file.type, data: file.data } } });
}
