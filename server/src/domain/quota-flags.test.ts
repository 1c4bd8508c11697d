import { describe, expect, it } from 'vitest';
import { daysUntil, inFormation, isAssemblyDay, isCancelled, isContemplated, isLastDay, isPaidOff } from './quota-flags.js';

const today = '2026-11-23';

describe('quota flags', () => {
  it('is cancelled when situacaoCota contains cancelado, in any case', () => {
    expect(isCancelled({ situacaoCota: 'CANCELADO' })).toBe(true);
    expect(isCancelled({ situacaoCota: 'Cota cancelada' })).toBe(false);
    expect(isCancelled({ situacaoCota: 'cancelado por inadimplência' })).toBe(true);
    expect(isCancelled({ situacaoCota: 'NORMAL' })).toBe(false);
  });

  it('is paid off only when situacaoCota is quitado', () => {
    expect(isPaidOff({ situacaoCota: 'QUITADO' })).toBe(true);
    expect(isPaidOff({ situacaoCota: 'quitado' })).toBe(true);
    expect(isPaidOff({ situacaoCota: 'NAO QUITADO' })).toBe(false);
  });

  it('is contemplated from the day after the contemplation date: yesterday yes, today no', () => {
    expect(isContemplated({ dataContemplacao: '2026-11-22' }, today)).toBe(true);
    expect(isContemplated({ dataContemplacao: '2026-11-23' }, today)).toBe(false);
    expect(isContemplated({ dataContemplacao: '2026-11-24' }, today)).toBe(false);
    expect(isContemplated({ dataContemplacao: '2020-01-01T00:00:00' }, today)).toBe(true);
  });

  it('reads 1900-01-01 and null as not contemplated', () => {
    expect(isContemplated({ dataContemplacao: '1900-01-01' }, today)).toBe(false);
    expect(isContemplated({ dataContemplacao: null }, today)).toBe(false);
    expect(isContemplated({}, today)).toBe(false);
  });

  it('is in formation when the group is FORMACAO', () => {
    expect(inFormation({ statusGrupo: 'FORMACAO' })).toBe(true);
    expect(inFormation({ statusGrupo: 'ANDAMENTO' })).toBe(false);
  });

  it('has the last day when the count is 1, and the assembly day when it is 0 for a quota not contemplated', () => {
    expect(isLastDay(1)).toBe(true);
    expect(isLastDay(0)).toBe(false);
    expect(isLastDay(2)).toBe(false);
    expect(isAssemblyDay(0, false)).toBe(true);
    expect(isAssemblyDay(0, true)).toBe(false);
    expect(isAssemblyDay(1, false)).toBe(false);
    expect(daysUntil('2026-11-24', today)).toBe(1);
    expect(daysUntil('2026-11-13', today)).toBe(-10);
  });
});
