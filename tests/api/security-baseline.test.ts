import supertest from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { client } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { productionSecrets } from '../helpers/production-secrets.js';
import { startStack, useStack } from '../helpers/stack.js';

const stack = useStack();
beforeEach(async () => stack.sandbox.clearCalls());

const ana = persona('ana');

/** A session's second screen where the limit is one: its answer (429). */
async function tooMany(baseUrl: string) {
  const screen = () => supertest(baseUrl).get('/api/screens').query({ path: '/login' }).set('cookie', '__Host-Http-sid=sessao-do-limite');
  await screen();
  return screen();
}
const body = JSON.stringify({ modo: 'documento', documento: ana.document, senha: ana.password });

describe('session cookie', () => {
  it('is an opaque HttpOnly, SameSite=Strict, Path=/ cookie without Domain, renewed at every login', async () => {
    const c = client(stack.baseUrl);
    const first = String((await c.login('ana')).headers['set-cookie']);
    expect(first).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(first).toContain('HttpOnly');
    expect(first).toContain('SameSite=Strict');
    expect(first).toContain('Path=/');
    expect(first).not.toMatch(/Domain=/i);
    expect(first).not.toContain(ana.document);
    const second = String((await c.login('ana')).headers['set-cookie']);
    expect(second.split(';')[0]).not.toBe(first.split(';')[0]);
  });
});

describe('state-changing requests', () => {
  const post = () => supertest(stack.baseUrl).post('/api/actions/auth/login');

  it('refuses a POST without the custom header and calls no upstream', async () => {
    const res = await post().set('content-type', 'application/json').send(body);
    expect(res.status).toBe(403);
    expect(await stack.sandbox.calls()).toEqual([]);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json-patch+json', 'application/jsonx'])(
    'refuses content type %j',
    async (type) => {
      const res = await post().set('x-requested-with', 'consorcio-app').set('content-type', type).send(body);
      expect([403, 415]).toContain(res.status);
      expect(await stack.sandbox.calls()).toEqual([]);
    },
  );

  it('refuses a cross-site request even with the header', async () => {
    const res = await post().set('x-requested-with', 'consorcio-app').set('content-type', 'application/json').set('sec-fetch-site', 'cross-site').send(body);
    expect(res.status).toBe(403);
    expect(await stack.sandbox.calls()).toEqual([]);
  });

  it('refuses a foreign Origin when the browser sends no Sec-Fetch-Site', async () => {
    const res = await post().set('x-requested-with', 'consorcio-app').set('content-type', 'application/json').set('origin', 'https://evil.example').send(body);
    expect(res.status).toBe(403);
  });

  it('answers malformed JSON and unknown actions with a clear 4xx, never a 500', async () => {
    const bad = await post().set('x-requested-with', 'consorcio-app').set('content-type', 'application/json').send('{"modo":');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Requisição inválida.');
    const unknown = await client(stack.baseUrl).action('nada/disso', {});
    expect(unknown.status).toBe(404);
  });
});

describe('security headers', () => {
  it('sends a CSP without unsafe-inline or unsafe-eval on the page', async () => {
    const res = await supertest(stack.baseUrl).get('/entrar');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('gives the page a fresh script nonce per response, named in the CSP and on every script tag', async () => {
    const [a, b] = await Promise.all([supertest(stack.baseUrl).get('/login'), supertest(stack.baseUrl).get('/login')]);
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(String(a.headers['content-security-policy']))?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(a.text).toMatch(new RegExp(`<script type="module"[^>]* nonce="${(nonce ?? '').replace(/[+/]/g, '\\$&')}"`));
    expect(a.text).not.toContain('CSP_NONCE_PLACEHOLDER');
    expect(String(b.headers['content-security-policy'])).not.toContain(String(nonce));
  });

  it('lets only the partner’s allowlisted origins frame the app', async () => {
    const aurora = await supertest(stack.baseUrl).get('/login');
    expect(String(aurora.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    const horizonte = await supertest(stack.baseUrl).get('/login').set('host', `horizonte.localhost:${stack.port}`);
    expect(String(horizonte.headers['content-security-policy'])).toContain('frame-ancestors https://portal.horizonte.example');
  });

  it('sends HSTS of a year or more, subdomains included, on every answer in production', async () => {
    // One screen per session and window: a session's second screen is refused (429).
    const secure = await startStack({ APP_ENV: 'production', ...productionSecrets(), ALLOWED_HOSTS: 'localhost', OPS_HOST: 'ops.localhost', RATE_LIMIT_SCREENS_PER_SESSION: '1' });
    try {
      const agent = () => supertest(secure.baseUrl);
      const page = await agent().get('/login');
      const asset = /<script[^>]* src="(\/assets\/[^"]+)"/.exec(page.text)?.[1];
      expect(asset).toBeTruthy();
      const answers: Record<string, supertest.Response> = {
        'the page': page,
        'a static asset': await agent().get(asset!),
        'a screen': await agent().get('/api/screens').query({ path: '/login' }),
        'an action answering field errors': await client(secure.baseUrl).action('auth/login', {}),
        'a state-changing request without the custom header (403)': await agent().post('/api/actions/auth/login').set('content-type', 'application/json').send('{}'),
        'malformed JSON (400)': await agent().post('/api/actions/auth/login').set('x-requested-with', 'consorcio-app').set('content-type', 'application/json').send('{"modo":'),
        'a console action without a staff session (401)': await client(secure.baseUrl, 'ops.localhost').action('ops/publish', {}),
        'a console action on a partner’s host (404)': await client(secure.baseUrl).action('ops/publish', {}),
        'a request past its limit (429)': await tooMany(secure.baseUrl),
        'an unknown API path (404)': await agent().get('/api/nada'),
        'liveness': await agent().get('/health/live'),
        'a host outside ALLOWED_HOSTS (421)': await agent().get('/login').set('host', 'phishing.example'),
      };
      for (const [what, res] of Object.entries(answers)) {
        const hsts = String(res.headers['strict-transport-security'] ?? '');
        expect(Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0), `${what} (${res.status}): ${hsts}`).toBeGreaterThanOrEqual(365 * 24 * 3600);
        expect(hsts, what).toContain('includeSubDomains');
      }
      // Production answers only the allowed hosts (the probe's health check on any host).
      expect(page.status).toBe(200);
      const elsewhere = answers['a host outside ALLOWED_HOSTS (421)']!;
      expect(elsewhere.status).toBe(421);
      expect(answers['a request past its limit (429)']!.status).toBe(429);
      expect(answers['a console action on a partner’s host (404)']!.status).toBe(404);
      expect(elsewhere.body.message).toBe('Este endereço não é atendido por este servidor.');
      expect((await agent().get('/health/live').set('host', '10.0.0.7:3000')).status).toBe(200);
    } finally {
      await secure.close();
    }
  });

  it('serves the renderer for any route (history mode) and 404s unknown API paths', async () => {
    const page = await supertest(stack.baseUrl).get('/groups-and-quotas');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root"');
    expect((await supertest(stack.baseUrl).get('/api/nada')).status).toBe(404);
  });

  it('answers liveness without dependencies and readiness with storage', async () => {
    expect((await supertest(stack.baseUrl).get('/health/live')).body).toEqual({ status: 'ok' });
    expect((await supertest(stack.baseUrl).get('/health/ready')).body).toMatchObject({ status: 'ok', storage: 'pglite' });
  });
});
