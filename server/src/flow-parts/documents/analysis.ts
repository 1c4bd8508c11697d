import { documentAnalysis, type AnalysisVerb } from '../../../../back-office/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import type { CheckedFile } from './document-form.js';
import { uploadFile } from './uploads.js';

export type { AnalysisVerb } from '../../../../back-office/index.js';

/**
 * Uploads checked files one by one to arquivos/v2 under a category (the flow's: it tells the back
 * office which process they belong to), each described by its document's name; their ids in order.
 */
export async function uploadAll(upstream: CustomerUpstream, files: readonly CheckedFile[], category: string): Promise<string[]> {
  const ids: string[] = [];
  for (const f of files) ids.push((await uploadFile(upstream, { field: f.field, n: f.n, type: f.type, data: f.data }, category, f.label)).id);
  return ids;
}

/** Asks the document analysis (doc 2 §7: antifraude/analise-documento/<verb>) of uploaded files, through the back-office contract. */
export function requestAnalysis(upstream: CustomerUpstream, verb: AnalysisVerb, body: { idCota: number; arquivos: string[]; [extra: string]: unknown }) {
  return upstream.request(documentAnalysis[verb], { json: body });
}
