import { describe, expect, it } from 'vitest';
import { cssVariableName, themeVariables } from './theme.js';

describe('theme variables', () => {
  it('names CSS variables after the semantic tokens in kebab case', () => {
    expect(cssVariableName('primary')).toBe('--color-primary');
    expect(cssVariableName('onPrimary')).toBe('--color-on-primary');
    expect(cssVariableName('onBackground')).toBe('--color-on-background');
  });

  it('passes the partner colour through unchanged', () => {
    const vars = themeVariables({ primary: '#0B5FA5', onPrimary: '#FFFFFF' } as never);
    expect(vars).toEqual([
      ['--color-primary', '#0B5FA5'],
      ['--color-on-primary', '#FFFFFF'],
    ]);
  });
});
