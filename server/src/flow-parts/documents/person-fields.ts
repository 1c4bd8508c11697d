import { DOCUMENT_LABELS, type DocumentId } from './catalogue.js';
import type { DocumentField } from './document-form.js';

/** Files per field: the personal document up to 3 pages (a CTPS), payslips 3, invoices 6, statements 3, a selfie 1, a proof of residence 1, the rest 2. */
export const PERSON_DOCUMENT_MAX_FILES: Readonly<Partial<Record<DocumentId, number>>> = { documentoPessoal: 3, holerites: 3, notaFiscal: 6, extratoBancario: 3, selfie: 1, comprovanteResidencia: 1 };

/**
 * A person's document field: its label (the name the analysis uses), how many files it takes and,
 * for the personal document, the chosen identity type (its minimum pages apply) shown in the title
 * unless `titled` is false. Given the income type, a rural producer's invoices take at least 6
 * files (the last 6 invoices).
 */
export function personDocumentField(id: DocumentId, options: { identityType?: string | undefined; titled?: boolean; incomeType?: string | undefined } = {}): DocumentField {
  const { identityType, titled = true, incomeType } = options;
  return {
    id,
    label: DOCUMENT_LABELS[id],
    max: PERSON_DOCUMENT_MAX_FILES[id] ?? 2,
    ...(id === 'documentoPessoal' && identityType ? { identityType, ...(titled ? { title: `${DOCUMENT_LABELS[id]} (${identityType})` } : {}) } : {}),
    ...(id === 'notaFiscal' && incomeType === 'produtor-rural' ? { min: 6 } : {}),
  };
}
