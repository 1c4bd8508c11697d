import { describe, expect, it } from 'vitest';
import { residenceProofProblem } from './residence.js';

describe('proof of residence (doc 2 §3.3)', () => {
  const today = '2026-11-23';
  it('accepts a proof issued 60 days ago and refuses one issued 61 days ago', () => {
    expect(residenceProofProblem('2026-09-24', today, true)).toBeNull();
    expect(residenceProofProblem('2026-09-23', today, true)).toEqual({ field: 'emissaoComprovante', message: 'O comprovante de residência deve ter no máximo 60 dias.' });
  });
  it('refuses a proof not in the holder’s name, a future date and no date', () => {
    expect(residenceProofProblem('2026-11-01', today, false)?.field).toBe('comprovanteNoNomeDoTitular');
    expect(residenceProofProblem('2026-11-24', today, true)?.field).toBe('emissaoComprovante');
    expect(residenceProofProblem(undefined, today, true)?.field).toBe('emissaoComprovante');
  });
});
