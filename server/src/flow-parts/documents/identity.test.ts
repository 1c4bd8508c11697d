import { describe, expect, it } from 'vitest';
import { minimumPages, pagesProblem } from './identity.js';

describe('identity document pages', () => {
  it('needs rne 1, rg 2, class card 2, cnh 1, dni 2, ctps 3, armed-forces card 1', () => {
    expect(['RNE', 'RG', 'Carteira de classe', 'CNH', 'DNI', 'CTPS', 'Carteira das Forças Armadas'].map(minimumPages)).toEqual([1, 2, 2, 1, 2, 3, 1]);
  });

  it('refuses one page short and accepts the minimum', () => {
    expect(pagesProblem('RG', 1)).toBe('Envie as 2 páginas do documento (RG).');
    expect(pagesProblem('RG', 2)).toBeNull();
    expect(pagesProblem('CTPS', 2)).toBe('Envie as 3 páginas do documento (CTPS).');
    expect(pagesProblem('CNH', 0)).toBe('Envie a página do documento (CNH).');
    expect(pagesProblem('CNH', 1)).toBeNull();
  });
});
