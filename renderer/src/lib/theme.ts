import type { ThemeTokens } from '../../../screens/contract/screen.js';
import { paintStatusBar } from './bridge.js';

/** `onPrimary` → `--color-on-primary`. */
export function cssVariableName(token: string): string {
  return `--color-${token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

export function themeVariables(theme: ThemeTokens): Array<[string, string]> {
  return Object.entries(theme).map(([token, value]) => [cssVariableName(token), value]);
}

/** Sets the partner's tokens on :root (CSSOM, allowed by the CSP; no inline <style>). */
export function applyTheme(theme: ThemeTokens, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of themeVariables(theme)) root.style.setProperty(name, value);
  paintStatusBar(theme.primary);
}
