import Fastify, { type RouteHandlerMethod } from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerHeadersSetter, storesIntoFastifyHeaders } from './answer-headers.js';

const SECURITY = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};

async function appWith(headers: Record<string, string>, route: RouteHandlerMethod) {
  const app = Fastify();
  const set = answerHeadersSetter(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    set(reply);
    done();
  });
  app.get('/', route);
  return app;
}

describe('the headers every answer carries, set straight into the reply', () => {
  it('stores into the object Fastify keeps the reply headers in, not through reply.headers()', () => {
    expect(storesIntoFastifyHeaders).toBe(true);
  });

  it('sends every header with its value, beside the ones the route sets', async () => {
    const app = await appWith(SECURITY, async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { ok: true };
    });
    const res = await app.inject('/');
    expect(res.headers).toMatchObject({ ...SECURITY, 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' });
    await app.close();
  });

  it('sends only the headers it was given (no HSTS in local development)', async () => {
    const { 'strict-transport-security': _hsts, ...local } = SECURITY;
    const app = await appWith(local, async () => ({ ok: true }));
    const res = await app.inject('/');
    expect(res.headers).toMatchObject(local);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });

  it('is what reply.getHeader, reply.header and reply.removeHeader see, as if reply.header had set it', async () => {
    const app = await appWith(SECURITY, async (_request, reply) => {
      const seen = reply.getHeader('Referrer-Policy');
      reply.header('X-Content-Type-Options', 'overridden');
      reply.removeHeader('content-security-policy');
      return { seen, has: reply.hasHeader('cross-origin-resource-policy') };
    });
    const res = await app.inject('/');
    expect(res.json()).toEqual({ seen: 'strict-origin-when-cross-origin', has: true });
    expect(res.headers['x-content-type-options']).toBe('overridden');
    expect(res.headers['content-security-policy']).toBeUndefined();
    await app.close();
  });

  it('refuses at start a header it has no store for', () => {
    expect(() => answerHeadersSetter({ ...SECURITY, 'x-frame-options': 'DENY' })).toThrow(/x-frame-options/);
  });
});
