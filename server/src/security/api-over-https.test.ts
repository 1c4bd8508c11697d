import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from '../error-handler.js';
import apiOverHttps from './api-over-https.js';

async function appWithCheck(config: { APP_ENV: string; trustProxy: false | string[] }, lines: object[] = []) {
  const app = Fastify({ trustProxy: config.trustProxy, logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } });
  installErrorHandler(app);
  await app.register(
    fp(
      async (a) => {
        a.decorate('config', { ...config, subjectKey: Buffer.alloc(32) } as never);
        a.decorate('text', ((key: string) => key) as never);
      },
      { name: 'config' },
    ),
  );
  await app.register(apiOverHttps);
  app.get('/api/screens', async () => ({ kind: 'screen' }));
  app.post('/api/ops/publicar', async () => ({ kind: 'snackbar' }));
  app.get('/login', async () => 'página');
  app.get('/health/ready', async () => ({ status: 'ok' }));
  return app;
}

/** The proxy in front is the test's own address (inject's). */
const production = { APP_ENV: 'production', trustProxy: ['127.0.0.1'] };

describe('the API over HTTPS only', () => {
  it('refuses, with 403 and no redirect, an API call that came to the proxy over plain HTTP, with a security event', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = await appWithCheck(production, lines);
    for (const [method, url] of [['GET', '/api/screens'], ['POST', '/api/ops/publicar']] as const) {
      const res = await app.inject({ method, url, headers: { 'x-forwarded-proto': 'http' } });
      expect(res.statusCode, url).toBe(403);
      expect(res.headers.location).toBeUndefined();
      expect(res.json()).toMatchObject({ kind: 'error', message: 'erro.https-obrigatorio' });
    }
    expect(lines).toContainEqual(expect.objectContaining({ category: 'security', event: 'access.refused', reason: 'plain-http', target: '/api/screens' }));
    await app.close();
  });

  it('answers an API call that came over HTTPS, and leaves pages and health checks to the proxy', async () => {
    const app = await appWithCheck(production);
    expect((await app.inject({ url: '/api/screens', headers: { 'x-forwarded-proto': 'https' } })).json()).toEqual({ kind: 'screen' });
    expect((await app.inject({ url: '/login', headers: { 'x-forwarded-proto': 'http' } })).body).toBe('página');
    expect((await app.inject({ url: '/health/ready' })).statusCode).toBe(200);
    await app.close();
  });

  it('checks nothing where no proxy is trusted or outside production', async () => {
    for (const config of [{ APP_ENV: 'production', trustProxy: false as const }, { APP_ENV: 'test', trustProxy: ['127.0.0.1'] }]) {
      const app = await appWithCheck(config);
      expect((await app.inject({ url: '/api/screens', headers: { 'x-forwarded-proto': 'http' } })).statusCode).toBe(200);
      await app.close();
    }
  });
});
