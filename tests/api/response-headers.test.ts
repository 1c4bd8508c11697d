import { readdirSync } from 'node:fs';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../screens/contract/index.js';
import { asCustomerWithFirstQuota, client } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { rawRequest } from '../helpers/raw-http.js';
import { productionSecrets } from '../helpers/production-secrets.js';
import { signInAtProvider } from '../helpers/staff-sign-in.js';
import { startStack, useStack, type Stack } from '../helpers/stack.js';

/**
 * What every answer tells the browser, whatever it is (page, screen, action, file, asset, error):
 * its type, that it must not be sniffed, framed or read by another origin, and how its cookies
 * may travel. OWASP ASVS 5.0 V3, V4 and V13 (docs/security.md).
 */
const stack = useStack();
beforeEach(async () => stack.sandbox.clearCalls());

const ana = persona('ana');
const post = (path: string) => supertest(stack.baseUrl).post(path).set(CSRF_HEADER, CSRF_HEADER_VALUE).set('content-type', 'application/json');

/** One built asset, when the renderer is built (`npm test` builds it first). */
function anAsset(): string | null {
  try {
    const file = readdirSync('dist/renderer/assets').find((f) => f.endsWith('.js'));
    return file ? `/assets/${file}` : null;
  } catch {
    return null;
  }
}

describe('every answer', () => {
  it('labels every kind of answer nosniff, framed by nobody', async () => {
    const answers = {
      page: await supertest(stack.baseUrl).get('/login'),
      screen: await supertest(stack.baseUrl).get('/api/screens').query({ path: '/login' }),
      action: await post('/api/actions/auth/logout-confirm').send('{}'),
      refusedAction: await supertest(stack.baseUrl).post('/api/actions/auth/login').send({}),
      unknownApi: await supertest(stack.baseUrl).get('/api/nada'),
      fileWithoutSession: await supertest(stack.baseUrl).get('/api/arquivos/documentos/contrato'),
      health: await supertest(stack.baseUrl).get('/health/live'),
      ...(anAsset() ? { asset: await supertest(stack.baseUrl).get(anAsset()!) } : {}),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.headers['x-content-type-options'], what).toBe('nosniff');
      expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin');
      const csp = String(res.headers['content-security-policy']);
      expect(csp, what).toMatch(/frame-ancestors 'none'/);
      // A document names what it may load; any other answer may load nothing at all.
      if (what === 'page') {
        expect(csp, what).toContain("object-src 'none'");
        expect(csp, what).toContain("base-uri 'none'");
      } else expect(csp, what).toBe("default-src 'none';frame-ancestors 'none'");
    }
    expect(answers.refusedAction.status).toBe(403);
    expect(answers.unknownApi.status).toBe(404);
    expect(answers.fileWithoutSession.status).toBe(401);
  });

  it('lets the page load and send nothing outside its own origin (no trackers)', async () => {
    const page = await supertest(stack.baseUrl).get('/login');
    const csp = String(page.headers['content-security-policy']);
    for (const directive of ["default-src 'self'", "connect-src 'self'", "form-action 'self'", "font-src 'self'"]) expect(csp).toContain(directive);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
    // Images may come from the back office (partner logos, quota photos) and nowhere else.
    const upstream = new URL(stack.sandbox.url).origin;
    expect(/img-src ([^;]+)/.exec(csp)?.[1]?.trim().split(/\s+/)).toEqual(["'self'", 'data:', 'blob:', upstream]);
    // The page names no other origin for a script, a style sheet or a preload; the partner's icon
    // and logo (preloaded as an image) are images of the back office, as img-src allows.
    const elsewhere = [...page.text.matchAll(/<(?:script|link)[^>]+(?:src|href)="((?:https?:)?\/\/[^"]*)"[^>]*>/g)];
    expect(elsewhere.filter((m) => !(/^<link rel="(?:icon|preload" as="image)"/.test(m[0]) && new URL(m[1]!).origin === upstream)).map((m) => m[0])).toEqual([]);
  });

  it('states the type and the charset of every text body', async () => {
    const json = {
      screen: await supertest(stack.baseUrl).get('/api/screens').query({ path: '/login' }),
      action: await post('/api/actions/auth/logout-confirm').send('{}'),
      unknownApi: await supertest(stack.baseUrl).get('/api/nada'),
      health: await supertest(stack.baseUrl).get('/health/live'),
      malformed: await post('/api/actions/auth/login').send('{"modo":'),
    };
    for (const [what, res] of Object.entries(json)) expect(res.headers['content-type'], what).toBe('application/json; charset=utf-8');
    expect((await supertest(stack.baseUrl).get('/login')).headers['content-type']).toMatch(/^text\/html; charset=utf-8$|^text\/plain; charset=utf-8$/);
  });

  it('allows no other origin to read an answer (no CORS headers)', async () => {
    const origin = 'https://evil.example';
    const read = await supertest(stack.baseUrl).get('/api/screens').query({ path: '/login' }).set('origin', origin);
    const preflight = await supertest(stack.baseUrl)
      .options('/api/actions/auth/login')
      .set('origin', origin)
      .set('access-control-request-method', 'POST')
      .set('access-control-request-headers', `content-type,${CSRF_HEADER}`);
    for (const res of [read, preflight]) {
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
    expect(preflight.status).toBe(404);
  });

  it('runs no action on GET or HEAD', async () => {
    const login = `/api/actions/auth/login?modo=documento&documento=${ana.document}&senha=${ana.password}`;
    expect((await supertest(stack.baseUrl).get(login)).status).toBe(404);
    expect((await supertest(stack.baseUrl).head(login)).status).toBe(404);
    expect((await supertest(stack.baseUrl).get('/api/actions/auth/logout')).status).toBe(404);
    expect(await stack.sandbox.calls()).toEqual([]);
  });

  it('refuses a body that would reach an object’s prototype, calling nothing upstream', async () => {
    const login = `"modo":"documento","documento":"${ana.document}","senha":"${ana.password}"`;
    for (const body of [`{"__proto__":{"public":true},${login}}`, `{"constructor":{"prototype":{"public":true}},${login}}`]) {
      const res = await post('/api/actions/auth/login').send(body);
      expect(res.status, body).toBe(400);
      expect(res.body.message).toBe('Requisição inválida.');
    }
    expect(await stack.sandbox.calls()).toEqual([]);
    expect(({} as Record<string, unknown>).public).toBeUndefined();
  });

  it('answers no TRACE, lists no folder and serves no repository file', async () => {
    const trace = await rawRequest(stack.baseUrl, 'TRACE', '/login', { 'x-secret': 'ecoado' });
    expect(trace.status).toBe(404);
    expect(trace.body.toString('utf8')).not.toContain('ecoado');
    for (const path of ['/assets/', '/assets', '/.git/config', '/.git/HEAD', '/package.json', '/server/src/config.ts']) {
      const res = await supertest(stack.baseUrl).get(path);
      expect(res.text, path).not.toMatch(/\[core\]|ref: refs\/|"devDependencies"|ConfigSchema|Index of|<a href="[^"]+\.js">/);
    }
  });

  it('names downloads in Content-Disposition as attachments', async () => {
    const { c } = await asCustomerWithFirstQuota(stack.baseUrl, 'ana');
    const file = await c.agent.get('/api/arquivos/documentos/contrato').buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="contrato.pdf"');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives what a browser opens as a document the document headers, and a JSON answer none of them', async () => {
    const { c } = await asCustomerWithFirstQuota(stack.baseUrl, 'ana');
    const documents = { page: await supertest(stack.baseUrl).get('/login'), pdf: await c.agent.get('/api/arquivos/documentos/contrato').buffer(true) };
    const screen = await supertest(stack.baseUrl).get('/api/screens').query({ path: '/login' });
    const documentOnly = { 'cross-origin-opener-policy': 'same-origin', 'origin-agent-cluster': '?1', 'x-dns-prefetch-control': 'off', 'x-download-options': 'noopen', 'x-permitted-cross-domain-policies': 'none', 'x-xss-protection': '0' };
    for (const [what, res] of Object.entries(documents)) {
      expect(res.headers, what).toMatchObject(documentOnly);
      expect(String(res.headers['content-security-policy']), what).toContain("object-src 'none'");
    }
    // The page keeps its own policy (a nonce per answer); the PDF gets the fixed document policy.
    expect(documents.page.headers['content-security-policy']).toMatch(/'nonce-/);
    expect(documents.pdf.headers['content-security-policy']).toContain("default-src 'self'");
    for (const name of Object.keys(documentOnly)) expect(screen.headers[name], name).toBeUndefined();
  });
});

describe('in production', () => {
  let production: Stack;
  beforeAll(async () => {
    // Staff sign in at the sandbox's identity provider (startStack's, with a strong client secret).
    production = await startStack({ APP_ENV: 'production', ...productionSecrets(), ALLOWED_HOSTS: 'localhost', OPS_HOST: 'ops.localhost' });
  });
  afterAll(async () => production?.close());

  it('sets every cookie Secure, __Host- and SameSite in production', async () => {
    const c = client(production.baseUrl);
    /** The Set-Cookie lines of an answer. */
    const setCookies = (res: { headers: Record<string, unknown> }): string[] => ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
    const cookies = [
      ...setCookies(await c.login('ana')),
      ...setCookies(await c.action('auth/identify', { documento: ana.document })),
      ...setCookies(await c.action('auth/forgot-identify', { documento: ana.document })),
      // The console's cookies (its pending sign-in's, its session's), set on its own host.
      ...(await signInAtProvider(production.baseUrl, 'consulta', { host: 'ops.localhost' })).setCookieLines,
      ...setCookies(await c.action('assistant/message', { mensagem: 'Como emito a segunda via do boleto?', chave: 'chave-de-teste-0001' })),
    ];
    const names = cookies.map((cookie) => cookie.split('=')[0]);
    expect(names).toEqual(expect.arrayContaining(['__Host-Http-sid', '__Host-Http-login_hint', '__Host-Http-forgot', '__Host-Http-ops_sid', '__Host-assistente']));
    for (const cookie of cookies) {
      expect(cookie, cookie).toMatch(/^__Host-/);
      expect(cookie, cookie).toMatch(/; Secure/);
      expect(cookie, cookie).toMatch(/; HttpOnly/);
      expect(cookie, cookie).toMatch(/; Path=\//);
      expect(cookie, cookie).not.toMatch(/Domain=/i);
      // Lax where a cookie must come back on another site's navigation: the assistant's embedding, the identity provider's return.
      expect(cookie, cookie).toMatch(/^(__Host-assistente|__Host-Http-ops_entrada)=/.test(cookie) ? /; SameSite=Lax/ : /; SameSite=Strict/);
    }
    // A host that is not served is refused before any work, with the same headers as every answer.
    const elsewhere = await supertest(production.baseUrl).get('/login').set('host', 'phishing.example');
    expect(elsewhere.status).toBe(421);
    expect(elsewhere.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(elsewhere.headers['x-content-type-options']).toBe('nosniff');
    expect(elsewhere.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});
