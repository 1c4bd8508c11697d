import { describe, expect, it } from 'vitest';
import type { CrmCase } from './cases.js';
import { caseDay, contemplationWarning, homeModals } from './home-notices.js';

const kase = (over: Partial<CrmCase>): CrmCase => ({ CaseNumber: '1', Type: 'Aviso de Contemplação', Status: 'EM_ANDAMENTO', Fase__c: 'Tratativa não Iniciada', CreatedDate: '20/11/2026', ...over });
const today = '2026-11-23';

describe('contemplation warning', () => {
  it('shows for a contemplation-notice case aged 0 to 5 days, not 6', () => {
    expect(contemplationWarning([kase({ CreatedDate: '23/11/2026' })], today)).toBe(true);
    expect(contemplationWarning([kase({ CreatedDate: '18/11/2026' })], today)).toBe(true);
    expect(contemplationWarning([kase({ CreatedDate: '17/11/2026' })], today)).toBe(false);
    expect(contemplationWarning([kase({ Type: 'Atendimento Pós-venda', CreatedDate: '22/11/2026' })], today)).toBe(false);
    expect(caseDay('2026-11-20T10:00:00.000Z')).toBe('2026-11-20');
  });
});

describe('home modals', () => {
  it('asks for the overdue modal in phase Prazo Finalizado, the verify modal for a concluded case in a document phase, the contemplation modal for a contemplated quota', () => {
    expect(homeModals([kase({ Fase__c: 'Prazo Finalizado' })], false)).toEqual(['prazo-finalizado']);
    expect(homeModals([kase({ Fase__c: 'Documentos Ilegíveis', Status: 'Concluído' })], false)).toEqual(['verificar-documentos']);
    expect(homeModals([kase({ Fase__c: 'Documentos Ilegíveis', Status: 'EM_ANDAMENTO' })], false)).toEqual([]);
    expect(homeModals([], true)).toEqual(['contemplacao']);
  });
});
