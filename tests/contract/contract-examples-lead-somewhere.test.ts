import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nativeContractJson } from '../../screens/contract/native-contract.js';
import { client, landOn } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

/**
 * The published contracts a native team or an integrator reads: the native contract as the server
 * serves it (/api/contract/native.json), its page and the contracts page. Every path they give as
 * an example is one a test follows here.
 */
const CONTRACTS: Record<string, string> = {
  '/api/contract/native.json': nativeContractJson(),
  'docs/native-contract.md': readFileSync(new URL('../../docs/native-contract.md', import.meta.url), 'utf8'),
  'docs/contracts.md': readFileSync(new URL('../../docs/contracts.md', import.meta.url), 'utf8'),
};

/** A path in prose or JSON: a slash not inside a word, a file name or a `{placeholder}/…` of a back-office call. */
const PATH = /(?<![\w.\/<>}{-])\/[a-zA-Z_][\w:.-]*(?:\/[\w:.{}-]+)*(?:\?[\w=&%-]*)?/g;

/** Not the app's: the back office's base path and the sandbox's control routes (docs/sandbox.md). */
const ELSEWHERE = [/^\/app-cliente\//, /^\/__sandbox\//];

function examples(): Array<{ source: string; path: string }> {
  const found = new Map<string, string>();
  for (const [source, text] of Object.entries(CONTRACTS)) {
    for (const match of text.matchAll(PATH)) {
      const path = match[0];
      // A pattern, not an example: `/api/actions/<area>/<name>`.
      const pattern = text[match.index + path.length] === '/';
      if (pattern || path === '/api' || path.endsWith('/') || ELSEWHERE.some((e) => e.test(path))) continue;
      if (!found.has(path)) found.set(path, source);
    }
  }
  return [...found].map(([path, source]) => ({ source, path }));
}

const all = examples();
const screens = all.filter((e) => !e.path.startsWith('/api/'));
const actions = all.filter((e) => e.path.startsWith('/api/actions/'));
const files = all.filter((e) => e.path.startsWith('/api/') && !e.path.startsWith('/api/actions/'));

describe('examples in the published contracts', () => {
  it('include the screens and calls a native team follows first', () => {
    expect(screens.map((e) => e.path)).toEqual(expect.arrayContaining(['/notifications/preferencias', '/biometria', '/boletos/boletogerado', '/entrar?biometria=falhou']));
    expect(actions.map((e) => e.path)).toEqual(expect.arrayContaining(['/api/actions/notifications/push', '/api/actions/auth/biometrics-unlock']));
  });

  it.each(screens)('screen $path ($source) opens a screen of the app, not "Página não encontrada"', async ({ path }) => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const landed = await landOn(c, path);
    expect(landed.status, `${path} → ${landed.path}`).toBeLessThan(500);
    expect(landed.body.screen, `${path} → ${landed.path}`).not.toBe('nao-encontrada');
  });

  it.each(actions)('action $path ($source) is an action the server runs', async ({ path }) => {
    expect(stack.app.actions.names()).toContain(path.slice('/api/actions/'.length));
  });

  it.each(files)('call $path ($source) is a route the server answers', async ({ path }) => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const res = await c.agent.get(path);
    // The server's answer to an unknown address; a known one may still refuse or not find its file.
    expect(res.body?.message, `${path}: ${res.status}`).not.toBe(stack.app.text('erro.acao-desconhecida'));
  });
});
