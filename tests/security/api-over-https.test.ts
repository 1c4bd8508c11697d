import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../screens/contract/index.js';
import { persona } from '../helpers/personas.js';
import { productionSecrets } from '../helpers/production-secrets.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Production behind its proxy (TRUST_PROXY): the proxy says how the client came
 * (X-Forwarded-Proto). An API call that came over plain HTTP is refused with a Portuguese error
 * and no redirect, the back office never called; a page is the proxy's to redirect. OWASP ASVS 5.0 V4.1.2.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ APP_ENV: 'production', ...productionSecrets(), TRUST_PROXY: '127.0.0.1', ALLOWED_HOSTS: 'localhost', OPS_HOST: 'ops.localhost' });
});
afterAll(async () => stack?.close());

const ana = persona('ana');
const login = (proto: string) =>
  supertest(stack.baseUrl)
    .post('/api/actions/auth/login')
    .set('x-forwarded-proto', proto)
    .set(CSRF_HEADER, CSRF_HEADER_VALUE)
    .set('content-type', 'application/json')
    .send(JSON.stringify({ modo: 'documento', documento: ana.document, senha: ana.password }))
    .redirects(0);

describe('the API behind the proxy, over plain HTTP', () => {
  it('refuses ana’s login sent over plain HTTP with 403 and a Portuguese error, no redirect, and calls no back office', async () => {
    await stack.sandbox.clearCalls();
    const res = await login('http');
    expect(res.status).toBe(403);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toMatchObject({ kind: 'error', message: 'Esta API atende somente por HTTPS.' });
    expect(await stack.sandbox.calls()).toEqual([]);
    const screen = await supertest(stack.baseUrl).get('/api/screens').query({ path: '/login' }).set('x-forwarded-proto', 'http').redirects(0);
    expect(screen.status).toBe(403);
    expect(screen.headers.location).toBeUndefined();
  });

  it('refuses the console’s API over plain HTTP too', async () => {
    const res = await supertest(stack.baseUrl).get('/api/ops/sair').set('host', 'ops.localhost').set('x-forwarded-proto', 'http').redirects(0);
    expect(res.status).toBe(403);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toMatchObject({ kind: 'error', message: 'Esta API atende somente por HTTPS.' });
  });

  it('answers the same calls over HTTPS, and leaves the page to the proxy', async () => {
    expect((await login('https')).body.kind).toBe('navigate');
    expect((await supertest(stack.baseUrl).get('/api/screens').query({ path: '/login' }).set('x-forwarded-proto', 'https')).status).toBe(200);
    // The page itself is not this rule's (it is the proxy's to redirect): whatever the page answers, it is no refusal.
    const page = await supertest(stack.baseUrl).get('/login').set('x-forwarded-proto', 'http').redirects(0);
    expect(page.status).not.toBe(403);
    expect(page.text).not.toContain('somente por HTTPS');
  });
});
