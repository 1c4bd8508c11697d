/**
 * Documents a person sends in a phase-driven flow (cash billing, awarded flow…), by income type
 * (doc 2 §3.3: each type has a full and a shorter list; the shorter one is what the app asks
 * first). The selfie is enabled only after the personal document was sent.
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

/** The category of each document (doc 2 §3.3): Renda, Identificação or Endereço. */
export type DocumentCategory = 'Renda' | 'Identificação' | 'Endereço';
export const DOCUMENT_CATEGORY: Readonly<Record<DocumentId, DocumentCategory>> = {
  documentoPessoal: 'Identificação',
  selfie: 'Identificação',
  comprovanteResidencia: 'Endereço',
  extratoBancario: 'Renda',
  declaracaoIR: 'Renda',
  holerite: 'Renda',
  holerites: 'Renda',
  cartaBeneficio: 'Renda',
  contratoSocial: 'Renda',
  contratoLocacao: 'Renda',
  carteiraClasse: 'Renda',
  notaFiscal: 'Renda',
  iptu: 'Renda',
  matriculaImovel: 'Endereço',
};

/** The documents every person sends before the income ones: identity (the selfie after the personal document) and address. */
export const IDENTITY_AND_ADDRESS: readonly DocumentId[] = ['documentoPessoal', 'selfie', 'comprovanteResidencia'];

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

/** Identity document types a person picks for the personal document (doc 2 §3.3); their minimum pages are in identity.ts. */
export const IDENTITY_DOCUMENT_TYPES = ['RG', 'CNH', 'RNE', 'DNI', 'Carteira de classe', 'CTPS', 'Carteira das Forças Armadas', 'RG de terceiro', 'CNH de terceiro'] as const;

/** An income type by id, or undefined. */
export const incomeType = (id: string) => INCOME_TYPES.find((t) => t.id === id);

/**
 * The whole required list of an income type (doc 2 §3.3), shorter ('curta') or full ('completa'):
 * identity and address first, then the income documents, each with its category.
 */
export function requiredDocuments(incomeTypeId: string, list: 'curta' | 'completa' = 'curta'): Array<{ id: DocumentId; label: string; category: DocumentCategory }> {
  const income = incomeType(incomeTypeId);
  if (!income) return [];
  const ids = [...IDENTITY_AND_ADDRESS, ...(list === 'curta' ? income.documentos : income.completos)];
  return ids.map((id) => ({ id, label: DOCUMENT_LABELS[id], category: DOCUMENT_CATEGORY[id] }));
}

/** Documents a company sends (doc 2 §3.3 documentos_empresa, documentos_socio). */
export const COMPANY_DOCUMENTS = [
  { id: 'contratoSocial', label: 'Contrato social e última alteração', max: 2 },
  { id: 'documentoSocio', label: 'Documento de identidade do sócio', max: 2 },
  { id: 'comprovanteEndereco', label: 'Comprovante de endereço da empresa (até 60 dias)', max: 1 },
] as const;

/** Documents a company adds when a new partner joined it (doc 2 §3.3 documentos_novo_socio). */
export const NEW_PARTNER_DOCUMENTS = [
  { id: 'documentoNovoSocio', label: 'Documento de identidade do novo sócio', max: 2 },
  { id: 'alteracaoContratual', label: 'Alteração contratual de entrada do novo sócio', max: 2 },
] as const;

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

/** A document's field id by the name the analysis gives it back (its label), for every document the flows ask. */
export function documentIdByLabel(label: string): string | undefined {
  for (const d of [...COMPANY_DOCUMENTS, ...NEW_PARTNER_DOCUMENTS]) if (d.label === label) return d.id;
  return (Object.keys(DOCUMENT_LABELS) as DocumentId[]).find((id) => DOCUMENT_LABELS[id] === label);
}

/** Every document label by its field id (a person's and a company's; the company's wins where both name one). */
export function documentLabels(): Record<string, string> {
  return { ...DOCUMENT_LABELS, ...Object.fromEntries([...COMPANY_DOCUMENTS, ...NEW_PARTNER_DOCUMENTS].map((d) => [d.id, d.label])) };
}
