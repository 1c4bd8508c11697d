/**
 * Documents a person sends for cash billing, by income type (doc 2 §3.3: each type has a full and
 * a shorter list; the shorter one is what the app asks first). The selfie is enabled only after
 * the personal document was sent.
 */
export const DOCUMENT_LABELS = {
  documentoPessoal: 'Documento de identidade com foto',
  selfie: 'Selfie segurando o documento',
  comprovanteResidencia: 'Comprovante de residência (até 60 dias)',
  extratoBancario: 'Extrato bancário dos últimos 180 dias',
  declaracaoIR: 'Declaração de imposto de renda',
  holerite: 'Último holerite',
  holerites: 'Últimos 3 holerites',
  cartaBeneficio: 'Carta de concessão do benefício',
  contratoSocial: 'Contrato social',
  contratoLocacao: 'Contrato de locação',
  carteiraClasse: 'Carteira do conselho de classe',
  notaFiscal: 'Notas fiscais (últimas 6)',
  iptu: 'Carnê do IPTU do imóvel alugado',
  matriculaImovel: 'Matrícula do imóvel rural',
} as const;

export type DocumentId = keyof typeof DOCUMENT_LABELS;

/**
 * Income type → its shorter list of documents (after the identity ones), asked first, and the full
 * list, asked when the analysis wants additional documents.
 */
export const INCOME_TYPES: ReadonlyArray<{ id: string; label: string; documentos: readonly DocumentId[]; completos: readonly DocumentId[] }> = [
  { id: 'motorista-app', label: 'Taxista ou motorista de aplicativo', documentos: ['extratoBancario'], completos: ['extratoBancario', 'declaracaoIR'] },
  { id: 'empresario', label: 'Empresário', documentos: ['contratoSocial', 'declaracaoIR'], completos: ['contratoSocial', 'declaracaoIR', 'extratoBancario'] },
  { id: 'autonomo', label: 'Autônomo', documentos: ['extratoBancario', 'declaracaoIR'], completos: ['extratoBancario', 'declaracaoIR', 'notaFiscal'] },
  { id: 'aposentado', label: 'Aposentado ou pensionista', documentos: ['cartaBeneficio'], completos: ['cartaBeneficio', 'extratoBancario'] },
  { id: 'caminhoneiro', label: 'Caminhoneiro', documentos: ['extratoBancario', 'notaFiscal'], completos: ['extratoBancario', 'notaFiscal', 'declaracaoIR'] },
  { id: 'locador', label: 'Renda de aluguel', documentos: ['contratoLocacao', 'declaracaoIR'], completos: ['contratoLocacao', 'declaracaoIR', 'iptu'] },
  { id: 'servidor-publico', label: 'Servidor público', documentos: ['holerite'], completos: ['holerites', 'declaracaoIR'] },
  { id: 'profissional-liberal', label: 'Profissional liberal', documentos: ['carteiraClasse', 'declaracaoIR'], completos: ['carteiraClasse', 'declaracaoIR', 'extratoBancario'] },
  { id: 'produtor-rural', label: 'Produtor rural', documentos: ['notaFiscal', 'declaracaoIR'], completos: ['notaFiscal', 'declaracaoIR', 'matriculaImovel'] },
  { id: 'assalariado-fixo', label: 'Assalariado com renda fixa', documentos: ['holerite'], completos: ['holerites', 'declaracaoIR'] },
  { id: 'assalariado-variavel', label: 'Assalariado com renda variável', documentos: ['holerites'], completos: ['holerites', 'declaracaoIR', 'extratoBancario'] },
];

/** Identity document types a person picks for the personal document (doc 2 §3.3); their minimum pages are in identity-documents.ts. */
export const IDENTITY_DOCUMENT_TYPES = ['RG', 'CNH', 'RNE', 'DNI', 'Carteira de classe', 'CTPS', 'Carteira das Forças Armadas'] as const;

/**
 * Additional documents for a reanalysis: the full list's income documents not sent yet; when all
 * were sent, the whole full list again.
 */
export function additionalDocuments(incomeType: string, sent: readonly string[]): DocumentId[] {
  const income = INCOME_TYPES.find((t) => t.id === incomeType);
  if (!income) return [];
  const missing = income.completos.filter((d) => !sent.includes(d));
  return missing.length > 0 ? missing : [...income.completos];
}

/** What to ask now: identity and residence first, then the income type's list; the selfie only once the personal document was sent. */
export function documentsToSend(incomeType: string, sent: readonly string[]): DocumentId[] {
  const income = INCOME_TYPES.find((t) => t.id === incomeType);
  if (!income) return [];
  const all: DocumentId[] = ['documentoPessoal', 'selfie', 'comprovanteResidencia', ...income.documentos];
  return all.filter((d) => !sent.includes(d) && (d !== 'selfie' || sent.includes('documentoPessoal')));
}
