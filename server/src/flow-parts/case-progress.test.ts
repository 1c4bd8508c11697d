import { describe, expect, it } from 'vitest';
import { afterPhaseChange, progressOf } from './case-progress.js';

const kase = (Fase__c: string, saved: object | null) => ({ CaseNumber: '1', Type: 'Pagamento de Crédito em Espécie', Status: 'EM_ANDAMENTO', Fase__c, CreatedDate: '01/11/2026', DadosApp__c: saved ? JSON.stringify(saved) : null });

describe('saved progress when the case phase changes (doc 2 §4.3)', () => {
  const saved = { tipoRenda: 'aposentado', fase: 'Tratativa não Iniciada', enviados: ['documentoPessoal'], arquivos: ['f1', 'f2'] };

  it('keeps everything while the phase is the same (accents and case aside)', () => {
    expect(progressOf(kase('TRATATIVA NAO INICIADA', saved))).toEqual({ ...saved, fase: 'TRATATIVA NAO INICIADA' });
  });

  it('clears the uploaded files and counts the documents to send as sent when the phase changed', () => {
    expect(progressOf(kase('Pendência Cliente', saved))).toEqual({
      tipoRenda: 'aposentado',
      fase: 'Pendência Cliente',
      arquivos: [],
      enviados: ['documentoPessoal', 'selfie', 'comprovanteResidencia', 'cartaBeneficio'],
    });
  });

  it('starts empty without a case or with a DadosApp__c it cannot read, and records the phase of a first save', () => {
    expect(progressOf(null)).toEqual({ enviados: [], arquivos: [] });
    expect(progressOf({ ...kase('Triagem em Andamento', null), DadosApp__c: '{não é json' })).toEqual({ enviados: [], arquivos: [], fase: 'Triagem em Andamento' });
    expect(afterPhaseChange({ enviados: [], arquivos: ['x'] }, 'Nova')).toEqual({ enviados: [], arquivos: ['x'], fase: 'Nova' });
  });
});
