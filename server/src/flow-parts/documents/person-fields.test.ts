import { describe, expect, it } from 'vitest';
import { personDocumentField } from './person-fields.js';

describe("a person's document field", () => {
  it('takes up to 3 pages of the personal document and names the chosen identity type in its title', () => {
    expect(personDocumentField('documentoPessoal', { identityType: 'CTPS' })).toMatchObject({ max: 3, identityType: 'CTPS', title: expect.stringContaining('(CTPS)') });
    expect(personDocumentField('documentoPessoal', { identityType: 'CTPS', titled: false })).not.toHaveProperty('title');
  });

  it('takes one selfie, and two files of a document without its own count', () => {
    expect(personDocumentField('selfie').max).toBe(1);
    expect(personDocumentField('declaracaoIR').max).toBe(2);
  });

  it('asks a rural producer for at least 6 invoices, and nobody else', () => {
    expect(personDocumentField('notaFiscal', { incomeType: 'produtor-rural' })).toMatchObject({ min: 6, max: 6 });
    expect(personDocumentField('notaFiscal', { incomeType: 'autonomo' })).not.toHaveProperty('min');
  });
});
