import { describe, expect, it } from 'vitest';
import { formatCount, formatPoints, formatShare, formatSpan, formatTime, share } from './analysis-format.js';

describe('the analysis figures as an analyst reads them', () => {
  it('withholds a count from 1 to 4, shows none and 5 or more in pt-BR', () => {
    expect([0, 1, 4, 5, 1234].map(formatCount)).toEqual(['0', '< 5', '< 5', '5', '1.234']);
  });

  it('says a time as people do', () => {
    expect([400, 45_000, 200_000, 1_500_000, 7_500_000, 90_000_000, 200_000_000].map(formatSpan)).toEqual(['menos de 1 s', '45 s', '3 min 20 s', '25 min', '2 h 5 min', '1 dia 1 h', '2 dias 8 h']);
    expect(formatTime(45_000, 4)).toBe('< 5 medições');
    expect(formatTime(null, 0)).toBe('sem medições');
  });

  it('shows a share only over 5 or more, and never of a withheld count', () => {
    expect(formatShare(share(5, 6))).toBe('83,3%');
    expect(formatShare(share(4, 6))).toBe('amostra pequena');
    expect(formatShare(share(3, 4))).toBe('amostra pequena');
    expect(formatPoints(share(5, 6), share(5, 5))).toBe('+16,7 p.p.');
    expect(formatPoints(share(5, 5), share(5, 6))).toBe('−16,7 p.p.');
    expect(formatPoints(share(5, 5), share(6, 6))).toBe('igual');
  });
});
