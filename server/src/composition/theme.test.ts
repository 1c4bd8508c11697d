import { describe, expect, it } from 'vitest';
import { acceptTheme, accessiblePair, assertAccessibleTheme, contrastRatio, contrastReport, MIN_TEXT_CONTRAST, themeProblems, themeTokens } from './theme.js';

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

describe('WCAG AA check of theme tokens', () => {
  it('passes the default partner and Horizonte, on every drawn pair', () => {
    for (const colors of [{ primary: '#CE181E', secondary: '#BA2429' }, { primary: '#0B5FA5', secondary: '#0A4A80' }]) {
      expect(themeProblems(themeTokens(colors))).toEqual([]);
      expect(() => assertAccessibleTheme(themeTokens(colors), 'x')).not.toThrow();
    }
  });

  it('names the failing pair and refuses the theme, answering the fallback instead', () => {
    const base = themeTokens({ primary: '#CE181E', secondary: '#BA2429' });
    const pale = { ...base, muted: '#BBBBBB' };
    expect(themeProblems(pale).map((p) => `${p.foreground}/${p.background}`)).toEqual(['muted/surface', 'muted/background']);
    expect(() => assertAccessibleTheme(pale, 'pale')).toThrow(/muted on surface/);
    expect(acceptTheme(pale, base).theme).toBe(base);
    expect(acceptTheme(base, pale).theme).toBe(base);
  });

  it('reports each ratio rounded down, so a pass is never a rounding artefact', () => {
    const report = contrastReport(themeTokens({ primary: '#CE181E', secondary: '#BA2429' }));
    expect(report.find((c) => c.foreground === 'onSurface' && c.background === 'surface')?.ratio).toBeGreaterThan(15);
  });
});
