import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { client, landOn } from '../helpers/api-client.js';
import { SPEC_FILES, specRoutes } from '../helpers/spec-routes.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const routes = specRoutes();

describe('the spec documents in docs/spec', () => {
  const originals = SPEC_FILES.map((copy) => new URL(`../../../shared/spec/${copy.pathname.split('/').pop()}`, import.meta.url));
  it.skipIf(!originals.every((file) => existsSync(file)))('are the specification as written (../shared/spec)', () => {
    SPEC_FILES.forEach((copy, i) => expect(readFileSync(copy, 'utf8')).toBe(readFileSync(originals[i]!, 'utf8')));
  });

  it('name the app’s routes (the list the next test opens is read from them)', () => {
    expect(routes.length).toBeGreaterThan(200);
    expect(routes).toEqual(expect.arrayContaining(['/alterar-senha', '/faturamentonovo', '/faturamentoseminovo', '/contemplado/garantia/1', '/faturamentoseminovo/vistoriatecnica/termos', '/entrar/verificacao/cpf-cnpj', '/pos-venda']));
  });
});

/** Routes the server answers as pages of their own, not screens: the transparent login trades its token and redirects. */
const PAGE_ROUTES = [/^\/login-transparente\//];

describe('every route path the spec names for the app', () => {
  it.each(routes)('%s is served or sends the customer somewhere meaningful (never "Página não encontrada")', async (path) => {
    if (PAGE_ROUTES.some((route) => route.test(path))) {
      const page = await fetch(`${stack.baseUrl}${path}`, { redirect: 'manual' });
      expect([302, 303]).toContain(page.status);
      return;
    }
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const landed = await landOn(c, path);
    expect(landed.status, `${path} → ${landed.path}: ${JSON.stringify(landed.body).slice(0, 200)}`).toBeLessThan(500);
    expect(landed.body.screen, `${path} → ${landed.path}`).not.toBe('nao-encontrada');
  });
});
