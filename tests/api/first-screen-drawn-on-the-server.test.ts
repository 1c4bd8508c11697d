import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { client } from '../helpers/api-client.js';
import { startStack, useStack } from '../helpers/stack.js';

const stack = useStack();

/** The page as the browser gets it (no compression asked for). */
function page(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** What the root element holds before any script runs. */
function rootMarkup(html: string): string {
  return /<div id="root"[^>]*>([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';
}

/** Ana logged in with her first quota chosen: her session cookie, as the browser sends it. */
async function anaWithQuota(): Promise<string> {
  const ana = client(stack.baseUrl);
  const login = await ana.login('ana');
  await ana.selectFirstQuota('ana');
  return String(([] as string[]).concat(login.headers['set-cookie'] ?? []).find((c) => /sid=/.test(c))).split(';')[0]!;
}

describe('the first screen is drawn into the page', () => {
  it('shows the login form in the HTML, titled and coloured for the partner', async () => {
    const { status, body } = await page(stack.baseUrl, '/entrar');
    expect(status).toBe(200);
    const root = rootMarkup(body);
    expect(root).toContain('CPF ou CNPJ');
    expect(root).toMatch(/<button[^>]*type="submit"[^>]*>Entrar<\/button>/);
    expect(body).toMatch(/<title>[^<]+ · [^<]+<\/title>/);
    expect(body).toMatch(/<style nonce="[^"]+">html:root\{--color-primary:#[0-9a-fA-F]{3,8};/);
    // The style sheet comes inside the page: the first paint waits for no other request.
    expect(body).not.toContain('rel="stylesheet"');
    expect(body).toMatch(/<style nonce="[^"]+">[^<]*\.app-header\{/);
  });

  it('shows ana her own home, and a visitor opening /home the login it redirects to', async () => {
    const sid = await anaWithQuota();
    const home = rootMarkup((await page(stack.baseUrl, '/home', { cookie: sid })).body);
    expect(home).toContain('Olá, Ana');
    expect(home).toContain('Sair');

    const visitor = rootMarkup((await page(stack.baseUrl, '/home')).body);
    expect(visitor).toContain('Entrar com CPF ou CNPJ');
    expect(visitor).not.toContain('Ana');
  });

  it('names a button that repeats by what it acts on, its visible label first (each instalment, the second login form)', async () => {
    const sid = await anaWithQuota();
    const slips = rootMarkup((await page(stack.baseUrl, '/boletos', { cookie: sid })).body);
    const names = [...slips.matchAll(/<button[^>]*aria-label="(Gerar boleto: [^"]+)"[^>]*>Gerar boleto<\/button>/g)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(1);
    expect(new Set(names).size, names.join(' | ')).toBe(names.length);

    const entrar = rootMarkup((await page(stack.baseUrl, '/entrar')).body);
    expect(entrar).toMatch(/<button[^>]*type="submit"[^>]*aria-label="Entrar com grupo e cota"[^>]*>Entrar<\/button>/);
  });

  it('leaves the root empty for a native wrapper (its renderer draws the wrapper\'s own screen)', async () => {
    const wrapped = await page(stack.baseUrl, '/entrar', { 'x-client-platform': 'android' });
    expect(wrapped.status).toBe(200);
    expect(rootMarkup(wrapped.body)).toBe('');
  });

  it('still serves the page, with the documents and no markup, when the server entry is not built', async () => {
    const bare = await startStack({ RENDERER_SSR_DIR: 'dist/not-built' });
    try {
      const { status, body } = await page(bare.baseUrl, '/entrar');
      expect(status).toBe(200);
      expect(body).toContain('<div id="root"></div>');
      expect(body).toContain('id="primeiras-telas"');
      // No screen drawn: the page is titled by the partner.
      expect(body).toContain('<title>Consórcio Aurora</title>');
    } finally {
      await bare.close();
    }
  });
});
