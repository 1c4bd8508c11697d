import { describe, expect, it } from 'vitest';
import { renegotiationRefusal, selectionRefusal } from './renegotiation.js';

describe('renegotiation rules', () => {
  it('allows 2 instalments in one renegotiation and refuses 3 (and none)', () => {
    expect(selectionRefusal(1)).toBeNull();
    expect(selectionRefusal(2)).toBeNull();
    expect(selectionRefusal(3)).toBe('renegociar.erro.maximo');
    expect(selectionRefusal(0)).toBe('renegociar.erro.nenhuma');
  });

  it('allows the 3rd renegotiation of a plan and refuses the 4th', () => {
    expect(renegotiationRefusal({ parcelasPagas: 8, renegociacoesRealizadas: 2 })).toBeNull();
    expect(renegotiationRefusal({ parcelasPagas: 8, renegociacoesRealizadas: 3 })).toBe('renegociar.erro.limite-plano');
  });

  it('refuses with 2 paid instalments and allows with 3', () => {
    expect(renegotiationRefusal({ parcelasPagas: 2, renegociacoesRealizadas: 0 })).toBe('renegociar.erro.poucas-pagas');
    expect(renegotiationRefusal({ parcelasPagas: 3, renegociacoesRealizadas: 0 })).toBeNull();
  });
});
