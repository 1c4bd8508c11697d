import type { ThemeTokens } from '../../../screens/contract/index.js';

/**
 * Semantic theme tokens from a partner's two colours. Foregrounds are picked for contrast
 * (WCAG 2.x relative luminance); a brand colour too light to carry white or dark text at
 * 4.5:1 is darkened step by step until it does, so no partner can ship unreadable buttons.
 */
export const MIN_TEXT_CONTRAST = 4.5;
const WHITE = '#FFFFFF';
const INK = '#1B1B1F';

export function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((c) => Math.round(Math.max(0, Math.min(255, c))).toString(16).padStart(2, '0')).join('').toUpperCase()}`;
}

export function luminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) throw new RangeError(`not a colour: ${hex}`);
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour and the foreground to put on it, with at least MIN_TEXT_CONTRAST between them. */
export function accessiblePair(colour: string): { colour: string; on: string } {
  let rgb = parseHex(colour) ?? parseHex('#CE181E')!;
  for (let step = 0; step < 20; step++) {
    const hex = toHex(rgb);
    const on = contrastRatio(hex, WHITE) >= contrastRatio(hex, INK) ? WHITE : INK;
    if (contrastRatio(hex, on) >= MIN_TEXT_CONTRAST) return { colour: hex, on };
    rgb = rgb.map((c) => c * 0.9) as [number, number, number];
  }
  return { colour: '#000000', on: WHITE };
}

export function themeTokens(colors: { primary: string; secondary: string }): ThemeTokens {
  const primary = accessiblePair(colors.primary);
  const secondary = accessiblePair(colors.secondary);
  return {
    primary: primary.colour,
    onPrimary: primary.on,
    secondary: secondary.colour,
    onSecondary: secondary.on,
    surface: '#FFFFFF',
    onSurface: INK,
    background: '#F5F5F7',
    onBackground: INK,
    muted: '#5C5C66',
    border: '#D4D4DC',
    info: '#0B5CAD',
    success: '#1E7B34',
    warning: '#8A5300',
    danger: '#B3261E',
  };
}
