import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_ID } from '../../server/src/plugins/external/first-screen.js';
import { client } from '../helpers/api-client.js';
import { decodedBody, rawRequest } from '../helpers/raw-http.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

/** Addresses no route, screen or file of the app answers to: a mistyped one, and what scanners try. */
const NOTHING = ['/nao-existe', '/.env', '/.git/config', '/..%2f..%2fetc%2fpasswd', `/${'a'.repeat(10_000)}`];
const label = (path: string) => path.slice(0, 40);
const NOT_FOUND = 'Página não encontrada';

/** The screen a page carries for the renderer to draw first (the last of its redirects). */
function carried(html: string): { kind?: string; screen?: string; title?: string } {
  const json = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ID}"[^>]*>(.*?)</script>`, 's').exec(html)?.[1];
  expect(json, 'the page carries its first screen').toBeDefined();
  return Object.values(JSON.parse(json!) as Record<string, { kind?: string }>).at(-1)!;
}

describe('an address that names nothing', () => {
  it.each(NOTHING.map((path) => [label(path), path]))('%s answers 404 with the not-found page', async (_label, path) => {
    const page = await rawRequest(stack.baseUrl, 'GET', path, { accept: 'text/html' });
    expect(page.status).toBe(404);
    expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
    expect(carried(decodedBody(page).toString('utf8'))).toMatchObject({ kind: 'screen', screen: 'nao-encontrada', title: NOT_FOUND });
    expect((await rawRequest(stack.baseUrl, 'HEAD', path, { accept: 'text/html' })).status).toBe(404);
  });

  it.each(NOTHING.filter((path) => path.length <= 2048).map((path) => [label(path), path]))('%s answers 404 on the screen API with the not-found screen', async (_label, path) => {
    const res = await client(stack.baseUrl).screen(path);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ kind: 'screen', screen: 'nao-encontrada', route: path, title: NOT_FOUND });
  });

  it('as a logged-in customer too', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const res = await c.screen('/nao-existe');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ kind: 'screen', screen: 'nao-encontrada', title: NOT_FOUND });
    const page = await c.agent.get('/nao-existe').set('accept', 'text/html');
    expect(page.status).toBe(404);
    expect(carried(page.text)).toMatchObject({ kind: 'screen', screen: 'nao-encontrada', title: NOT_FOUND });
  });
});

describe('an address the app serves', () => {
  it.each(['/login', '/entrar'])('%s still answers 200, page and screen', async (path) => {
    const page = await rawRequest(stack.baseUrl, 'GET', path, { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(carried(decodedBody(page).toString('utf8')).screen).not.toBe('nao-encontrada');
    const screen = await client(stack.baseUrl).screen(path);
    expect(screen.status).toBe(200);
    expect(screen.body.screen).not.toBe('nao-encontrada');
  });

  it('answers 200 for a route that redirects (/ to /home, then the login)', async () => {
    expect((await rawRequest(stack.baseUrl, 'GET', '/', { accept: 'text/html' })).status).toBe(200);
    expect((await client(stack.baseUrl).screen('/')).status).toBe(200);
  });
});
