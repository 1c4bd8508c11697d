import { generateBoleto } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { barcodeFromLine, filterInstalments, mixesLateAndOnTime, parseSlipFilter } from './slips.js';

const late = { id: 'a', emAtraso: true };
const due = { id: 'b', emAtraso: false };
const due2 = { id: 'c', emAtraso: false };

describe('slip list filter', () => {
  it('shows all, only the due or only the late instalments', () => {
    expect(filterInstalments([late, due, due2], 'todos').map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(filterInstalments([late, due, due2], 'avencer').map((i) => i.id)).toEqual(['b', 'c']);
    expect(filterInstalments([late, due, due2], 'vencidos').map((i) => i.id)).toEqual(['a']);
  });

  it('reads an unknown filter as all', () => {
    expect(parseSlipFilter('vencidos')).toBe('vencidos');
    expect(parseSlipFilter('qualquer')).toBe('todos');
    expect(parseSlipFilter(null)).toBe('todos');
  });
});

describe('grouping', () => {
  it('refuses an overdue slip among on-time ones, and allows either kind alone', () => {
    expect(mixesLateAndOnTime([late, due])).toBe(true);
    expect(mixesLateAndOnTime([due, due2])).toBe(false);
    expect(mixesLateAndOnTime([late])).toBe(false);
  });
});

describe('barcode from the typeable line', () => {
  it('rebuilds the 44-digit barcode: bank, currency, check digit, factor, value, free field', () => {
    const line = generateBoleto();
    const barcode = barcodeFromLine(line);
    expect(barcode).toHaveLength(44);
    expect(barcode.slice(0, 4)).toBe(line.slice(0, 4));
    expect(barcode[4]).toBe(line[32]);
    expect(barcode.slice(5, 19)).toBe(line.slice(33));
    expect(barcodeFromLine('10491443385511900000200000000141325230000093423')).toBe('10493252300000934231443355119000000000000014');
  });

  it('refuses a line of the wrong length', () => {
    expect(() => barcodeFromLine('123')).toThrow('47 dígitos');
  });
});
