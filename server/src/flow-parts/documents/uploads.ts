import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { files } from '../../../../back-office/index.js';

/** A file the renderer sent as a data URL (RJSF's file widget): `data:<type>;name=<name>;base64,<data>`. */
export interface DataUrlFile {
  type: string;
  name: string;
  data: Buffer;
}

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)(?:;name=([^;,]{1,120}))?;base64,([A-Za-z0-9+/=]+)$/;

/** The file, or null when the text is not a data URL of one of `types`. */
export function parseDataUrl(text: string, types: readonly string[]): DataUrlFile | null {
  const m = DATA_URL.exec(text);
  if (!m || !types.includes(m[1]!)) return null;
  let name = 'arquivo';
  try {
    name = decodeURIComponent(m[2] ?? name);
  } catch {
    // keep the default name
  }
  return { type: m[1]!, name, data: Buffer.from(m[3]!, 'base64') };
}

/**
 * POST arquivos/v2 (multipart: category, optional descricao — which document the file is — and the
 * file): the back office's id and address of the file.
 */
export function uploadFile(upstream: CustomerUpstream, file: DataUrlFile, category: string, description?: string): Promise<{ id: string; url: string }> {
  return upstream.request(files.upload, { upload: { fields: { category, descricao: description }, file: { field: 'file', name: file.name, type: file.type, data: file.data } } });
}
