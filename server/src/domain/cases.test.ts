import { describe, expect, it } from 'vitest';
import { mandatoryUpdatePending, type CrmCase } from './cases.js';

const kase = (Fase__c: string, Status: string): CrmCase => ({ CaseNumber: '1', Type: 'x', Status, Fase__c, CreatedDate: '01/11/2026' });

describe('mandatory registration update (doc 2 §4.2)', () => {
  it('is on with a case in Atualização Obrigatória and another in progress', () => {
    expect(mandatoryUpdatePending([kase('Atualização Obrigatória', 'EM_ANDAMENTO'), kase('Triagem em Andamento', 'EM_ANDAMENTO')], false)).toBe(true);
  });
  it('counts an escalated case as the other one', () => {
    expect(mandatoryUpdatePending([kase('Atualização Obrigatória', 'EM_ANDAMENTO'), kase('Retorno Cliente', 'ESCALADO')], false)).toBe(true);
  });
  it('is off with the mandatory case alone', () => {
    expect(mandatoryUpdatePending([kase('Atualização Obrigatória', 'EM_ANDAMENTO')], false)).toBe(false);
  });
  it('is off when the other case is closed', () => {
    expect(mandatoryUpdatePending([kase('Atualização Obrigatória', 'EM_ANDAMENTO'), kase('Ciente', 'FECHADO')], false)).toBe(false);
  });
  it('is off under a transparent login', () => {
    expect(mandatoryUpdatePending([kase('Atualização Obrigatória', 'EM_ANDAMENTO'), kase('Triagem em Andamento', 'EM_ANDAMENTO')], true)).toBe(false);
  });
});
