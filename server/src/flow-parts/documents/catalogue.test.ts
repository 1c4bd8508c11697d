import { describe, expect, it } from 'vitest';
import { additionalDocuments, documentsToSend, INCOME_TYPES } from './catalogue.js';

describe('documents by income type', () => {
  it('has the eleven income types of the spec', () => {
    expect(INCOME_TYPES).toHaveLength(11);
  });

  it('asks a retiree for identity, residence and the benefit letter — the selfie only after the personal document', () => {
    expect(documentsToSend('aposentado', [])).toEqual(['documentoPessoal', 'comprovanteResidencia', 'cartaBeneficio']);
    expect(documentsToSend('aposentado', ['documentoPessoal'])).toEqual(['selfie', 'comprovanteResidencia', 'cartaBeneficio']);
    expect(documentsToSend('aposentado', ['documentoPessoal', 'selfie', 'comprovanteResidencia', 'cartaBeneficio'])).toEqual([]);
  });

  it('asks an employee with variable income for 3 payslips, and nothing for an unknown type', () => {
    expect(documentsToSend('assalariado-variavel', [])).toContain('holerites');
    expect(documentsToSend('outro', [])).toEqual([]);
  });

  it('gives every type a full list that contains more than the shorter one, or the same documents in larger number', () => {
    for (const t of INCOME_TYPES) expect(t.completos.length).toBeGreaterThanOrEqual(t.documentos.length);
    expect(INCOME_TYPES.find((t) => t.id === 'locador')!.completos).toContain('iptu');
    expect(INCOME_TYPES.find((t) => t.id === 'produtor-rural')!.completos).toContain('matriculaImovel');
  });

  it('asks for additional documents from the full list: what was not sent, else the whole full list', () => {
    expect(additionalDocuments('locador', ['documentoPessoal', 'contratoLocacao', 'declaracaoIR'])).toEqual(['iptu']);
    expect(additionalDocuments('locador', ['contratoLocacao', 'declaracaoIR', 'iptu'])).toEqual(['contratoLocacao', 'declaracaoIR', 'iptu']);
    expect(additionalDocuments('outro', [])).toEqual([]);
  });
});
