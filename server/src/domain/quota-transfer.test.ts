import { describe, expect, it } from 'vitest';
import { assigneeProblem, transferFee, transferRefusal } from './quota-transfer.js';

const ok = { dataContemplacao: '1900-01-01', parcelasAtraso: 0, versao: '00', situacaoCota: 'NORMAL' };

describe('quota transfer rules (doc 2 §4.10)', () => {
  it('allows a quota with no contemplation date, nothing overdue, version 0, NORMAL or QUITADA', () => {
    expect(transferRefusal(ok)).toBeNull();
    expect(transferRefusal({ ...ok, dataContemplacao: null })).toBeNull();
    expect(transferRefusal({ ...ok, situacaoCota: 'QUITADA' })).toBeNull();
  });
  it('names the rule that refuses it', () => {
    expect(transferRefusal({ ...ok, dataContemplacao: '2026-01-10' })).toBe('contemplada');
    expect(transferRefusal({ ...ok, parcelasAtraso: 1 })).toBe('atraso');
    expect(transferRefusal({ ...ok, versao: '01' })).toBe('versao');
    expect(transferRefusal({ ...ok, situacaoCota: 'CANCELADO' })).toBe('situacao');
  });
  it('charges 1 % of the credit', () => expect(transferFee(25_000)).toBe(250));
  it('refuses an assignee CPF that does not check and the holder own CPF', () => {
    expect(assigneeProblem('123.456.789-00', '01783442654')).toBe('invalido');
    expect(assigneeProblem('017.834.426-54', '01783442654')).toBe('proprio');
    expect(assigneeProblem('661.157.509-03', '01783442654')).toBeNull();
    expect(assigneeProblem('46.775.236/0001-09', '01783442654')).toBeNull();
  });
});
