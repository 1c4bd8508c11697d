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
} as const;

export type DocumentId = keyof typeof DOCUMENT_LABELS;

/** Income type → its shorter list of documents (after the identity ones). */
export const INCOME_TYPES: ReadonlyArray<{ id: string; label: string; documentos: readonly DocumentId[] }> = [
  { id: 'motorista-app', label: 'Taxista ou motorista de aplicativo', documentos: ['extratoBancario'] },
  { id: 'empresario', label: 'Empresário', documentos: ['contratoSocial', 'declaracaoIR'] },
  { id: 'autonomo', label: 'Autônomo', documentos: ['extratoBancario', 'declaracaoIR'] },
  { id: 'aposentado', label: 'Aposentado ou pensionista', documentos: ['cartaBeneficio'] },
  { id: 'caminhoneiro', label: 'Caminhoneiro', documentos: ['extratoBancario', 'notaFiscal'] },
  { id: 'locador', label: 'Renda de aluguel', documentos: ['contratoLocacao', 'declaracaoIR'] },
  { id: 'servidor-publico', label: 'Servidor público', documentos: ['holerite'] },
  { id: 'profissional-liberal', label: 'Profissional liberal', documentos: ['carteiraClasse', 'declaracaoIR'] },
  { id: 'produtor-rural', label: 'Produtor rural', documentos: ['notaFiscal', 'declaracaoIR'] },
  { id: 'assalariado-fixo', label: 'Assalariado com renda fixa', documentos: ['holerite'] },
  { id: 'assalariado-variavel', label: 'Assalariado com renda variável', documentos: ['holerites'] },
];

/** What to ask now: identity and residence first, then the income type's list; the selfie only once the personal document was sent. */
export function documentsToSend(incomeType: string, sent: readonly string[]): DocumentId[] {
  const income = INCOME_TYPES.find((t) => t.id === incomeType);
  if (!income) return [];
  const all: DocumentId[] = ['documentoPessoal', 'selfie', 'comprovanteResidencia', ...income.documentos];
  return all.filter((d) => !sent.includes(d) && (d !== 'selfie' || sent.includes('documentoPessoal')));
}
