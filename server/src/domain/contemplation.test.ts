import { describe, expect, it } from 'vitest';
import { activeCancelledContemplatedNotice, activeContemplationNotice, isDraw, mayStartCase } from './contemplation.js';

const kase = (Type: string, Fase__c: string, CreatedDate: string, Status = 'EM_ANDAMENTO') => ({ CaseNumber: '1', Type, Status, Fase__c, CreatedDate });

describe('contemplation rules (doc 2 §4.3)', () => {
  it('knows the draw types SO and SE', () => {
    expect(['SO', 'SE', 'LL', 'PZ'].map(isDraw)).toEqual([true, true, false, false]);
  });

  it('shows the contemplation notice from the day after the case was created until it is finished via APP', () => {
    const notice = kase('Aviso de Contemplação', 'Tratativa não Iniciada', '22/11/2026');
    expect(activeContemplationNotice([notice], '2026-11-22')).toBeNull();
    expect(activeContemplationNotice([notice], '2026-11-23')).toBe(notice);
    expect(activeContemplationNotice([{ ...notice, Fase__c: 'Ciente via APP' }], '2026-11-23')).toBeNull();
  });

  it('shows the cancelled-and-contemplated notice only in phase tratativa não iniciada for a cancelled and contemplated quota', () => {
    const notice = kase('Aviso de Cota Cancelada Contemplada', 'Tratativa não iniciada', '01/11/2026');
    const quota = { situacaoCota: 'CANCELADO', dataContemplacao: '2026-10-01' };
    expect(activeCancelledContemplatedNotice([notice], quota, '2026-11-23')).toBe(notice);
    expect(activeCancelledContemplatedNotice([notice], { ...quota, situacaoCota: 'NORMAL' }, '2026-11-23')).toBeNull();
    expect(activeCancelledContemplatedNotice([notice], { ...quota, dataContemplacao: '1900-01-01' }, '2026-11-23')).toBeNull();
    expect(activeCancelledContemplatedNotice([{ ...notice, Fase__c: 'Ciente via APP' }], quota, '2026-11-23')).toBeNull();
  });

  it('lets a new case start only without a case in progress or escalated in the three kinds', () => {
    expect(mayStartCase([kase('Aviso de Contemplação', 'x', '01/11/2026')])).toBe(true);
    expect(mayStartCase([kase('Pagamento de Crédito em Espécie', 'x', '01/11/2026', 'ESCALADO')])).toBe(false);
    expect(mayStartCase([kase('Consultoria de Análise de Documentos', 'x', '01/11/2026', 'FECHADO')])).toBe(true);
  });
});
