import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A logged-in customer can always leave: every protected route's screen is drawn in the
 * authenticated chrome, whose header carries "Sair" (the logoff modal). OWASP ASVS 5.0 V7.4.4.
 */
const ROOT = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface Route {
  path: string;
  screen?: string;
  access?: 'public' | 'protected';
}

describe('logout on every protected screen', () => {
  it('draws every protected route in the authenticated chrome', () => {
    const routes = (JSON.parse(read('screens/routes.json')) as { routes: Route[] }).routes.filter((r) => r.screen && r.access === 'protected');
    expect(routes.length).toBeGreaterThan(50);
    const without = routes.filter((r) => (JSON.parse(read(`screens/layouts/${r.screen}.json`)) as { chrome?: string }).chrome !== 'authenticated').map((r) => r.path);
    expect(without).toEqual([]);
  });

  it('puts Sair, which opens the logoff modal, in the authenticated chrome’s header', () => {
    const chrome = read('renderer/src/app/chrome.tsx');
    expect(chrome).toMatch(/doc\.chrome === 'authenticated' && \([\s\S]*label=\{TEXTS\.logout\} action=\{\{ type: 'submit', action: 'auth\/logout-confirm' \}\}/);
    expect(read('renderer/src/texts.ts')).toMatch(/logout: 'Sair'/);
  });
});
