import { describe, expect, it } from 'vitest';
import { accessiblePair, contrastRatio, MIN_TEXT_CONTRAST, themeTokens } from './theme.js';

describe('partner theme tokens', () => {
  it('keeps the default partner red and puts white text on it', () => {
    const t = themeTokens({ primary: '#CE181E', secondary: '#BA2429' });
    expect(t.primary).toBe('#CE181E');
    expect(t.onPrimary).toBe('#FFFFFF');
    expect(contrastRatio(t.primary, t.onPrimary)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('darkens a brand colour that cannot carry readable text', () => {
    const pair = accessiblePair('#FFD400');
    expect(contrastRatio(pair.colour, pair.on)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('puts dark ink on a light colour that already contrasts with it', () => {
    expect(accessiblePair('#9AD0F5').on).toBe('#1B1B1F');
  });

  it('falls back to the default red for a malformed colour', () => {
    expect(accessiblePair('vermelho').colour).toBe('#CE181E');
  });

  it('measures black on white as 21:1', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
  });
});
