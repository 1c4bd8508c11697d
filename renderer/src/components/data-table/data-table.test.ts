import { describe, expect, it } from 'vitest';
import { rowMatches, searchable } from './data-table.js';

describe('the data table search', () => {
  const row = { cells: ['Faturamento em espécie: status → tela', 'Tabela de decisão', 'Documento 2 §4.4'], keywords: 'cash-billing-screen' };

  it('ignores case and accents', () => {
    expect(searchable('Espécie DECISÃO')).toBe('especie decisao');
    expect(rowMatches(row, 'especie')).toBe(true);
    expect(rowMatches(row, 'DECISAO')).toBe(true);
  });

  it('matches every word typed, in any cell or the keywords, and everything when nothing is typed', () => {
    expect(rowMatches(row, 'espécie 4.4')).toBe(true);
    expect(rowMatches(row, 'espécie cards')).toBe(false);
    expect(rowMatches(row, 'cash-billing')).toBe(true);
    expect(rowMatches(row, '   ')).toBe(true);
  });
});
