import { describe, expect, it } from 'vitest';
import { documentsToSend, INCOME_TYPES } from './income-documents.js';

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
});
