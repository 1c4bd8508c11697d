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

/** WCAG 2.x AA: normal text needs 4.5:1 against what it is drawn on. */
export const AA_TEXT = 4.5;

type Token = keyof ThemeTokens;

/** Each token as the console names it to an analyst (the token itself is the theme file's key). */
export const TOKEN_NAMES: { readonly [T in Token]: string } = {
  primary: 'cor primária',
  onPrimary: 'texto sobre a primária',
  secondary: 'cor secundária',
  onSecondary: 'texto sobre a secundária',
  surface: 'superfície',
  onSurface: 'texto sobre a superfície',
  background: 'fundo',
  onBackground: 'texto sobre o fundo',
  muted: 'texto discreto',
  border: 'borda',
  info: 'informação',
  success: 'sucesso',
  warning: 'atenção',
  danger: 'perigo',
};
/**
 * Every pair of tokens the renderer draws one on the other (text colour, background). Tone
 * colours are drawn as text on the surface (pills, banners' texts) and on the background.
 */
export const CONTRAST_PAIRS: ReadonlyArray<readonly [Token, Token]> = [
  ['onPrimary', 'primary'],
  ['onSecondary', 'secondary'],
  ['onSurface', 'surface'],
  ['onBackground', 'background'],
  ['primary', 'surface'],
  ['primary', 'background'],
  ['muted', 'surface'],
  ['muted', 'background'],
  ['info', 'surface'],
  ['success', 'surface'],
  ['warning', 'surface'],
  ['danger', 'surface'],
  ['danger', 'background'],
  ['surface', 'onSurface'],
];

export interface ContrastCheck {
  foreground: Token;
  background: Token;
  ratio: number;
  ok: boolean;
}

/** Each drawn pair with its contrast ratio (2 decimals) and whether it reaches AA for text. */
export function contrastReport(theme: ThemeTokens): ContrastCheck[] {
  return CONTRAST_PAIRS.map(([foreground, background]) => {
    const ratio = contrastRatio(theme[foreground], theme[background]);
    return { foreground, background, ratio: Math.floor(ratio * 100) / 100, ok: ratio >= AA_TEXT };
  });
}

/** The pairs that fail AA; empty when the theme can be accepted. */
export function themeProblems(theme: ThemeTokens): ContrastCheck[] {
  return contrastReport(theme).filter((c) => !c.ok);
}

export class ThemeContrastError extends Error {
  override name = 'ThemeContrastError';
}

/** Throws naming every failing pair (used at start-up on the default theme). */
export function assertAccessibleTheme(theme: ThemeTokens, name: string): void {
  const problems = themeProblems(theme);
  if (problems.length > 0) {
    throw new ThemeContrastError(`theme ${name} fails WCAG AA: ${problems.map((p) => `${p.foreground} on ${p.background} ${p.ratio}:1`).join(', ')}`);
  }
}

/**
 * A partner's tokens if they pass AA, else the default partner's (the partner's colours are
 * already darkened until their text contrast is enough; this catches whatever slips through).
 */
export function acceptTheme(theme: ThemeTokens, fallback: ThemeTokens): { theme: ThemeTokens; problems: ContrastCheck[] } {
  const problems = themeProblems(theme);
  return { theme: problems.length ? fallback : theme, problems };
}

/** A partner theme set from the console: its tokens over the ones its primary and secondary (else the back office's colours) give. */
export function themeOf(theme: { tokens: Partial<Record<Token, string>> }, base: { primary: string; secondary: string }): ThemeTokens {
  return { ...themeTokens({ primary: theme.tokens.primary ?? base.primary, secondary: theme.tokens.secondary ?? base.secondary }), ...theme.tokens };
}
