import { describe, expect, it } from 'vitest';
import { caseNumberShown, mandatoryUpdatePending, mostRecentCase, type CrmCase } from './cases.js';

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

describe('the case a flow follows (doc 2 §4.1)', () => {
  const c = (CaseNumber: string, Status: string, CreatedDate: string) => ({ CaseNumber, Status, CreatedDate });
  it('takes the newest in-progress case over a newer closed one', () => {
    expect(mostRecentCase([c('3', 'FECHADO', '20/11/2026'), c('1', 'EM_ANDAMENTO', '01/10/2026'), c('2', 'EM_ANDAMENTO', '02/10/2026')])?.CaseNumber).toBe('2');
  });
  it('counts an escalated case as in progress', () => {
    expect(mostRecentCase([c('3', 'FECHADO', '20/11/2026'), c('1', 'ESCALADO', '01/01/2026')])?.CaseNumber).toBe('1');
  });
  it('falls back to the newest case when none is in progress, comparing dates, not text', () => {
    expect(mostRecentCase([c('1', 'FECHADO', '31/01/2026'), c('2', 'FECHADO', '01/02/2026')])?.CaseNumber).toBe('2');
  });
  it('is null without cases', () => {
    expect(mostRecentCase([])).toBeNull();
  });
});

describe('case number hidden (doc 2 §4.3)', () => {
  it('hides it while awaiting the cash-payment analysis and during screening, whatever the accents or case', () => {
    expect(caseNumberShown('Aguardando Análise Pagamento Espécie')).toBe(false);
    expect(caseNumberShown('TRIAGEM EM ANDAMENTO')).toBe(false);
  });
  it('shows it in other phases', () => {
    expect(caseNumberShown('Pendência Cliente')).toBe(true);
    expect(caseNumberShown(null)).toBe(true);
  });
});
