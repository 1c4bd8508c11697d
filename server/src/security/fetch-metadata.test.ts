import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from '../error-handler.js';
import fetchMetadata from './fetch-metadata.js';

async function appWithCheck(lines: object[] = []) {
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } });
  installErrorHandler(app);
  await app.register(
    fp(
      async (a) => {
        a.decorate('config', { subjectKey: Buffer.alloc(32) } as never);
        a.decorate('text', ((key: string) => key) as never);
      },
      { name: 'config' },
    ),
  );
  await app.register(fetchMetadata);
  app.get('/api/cotas', async () => ({ cotas: ['0567'] }));
  app.get('/pagina', async () => 'página');
  return app;
}

const fromAnotherSite = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' };

describe('Fetch Metadata resource isolation', () => {
  it('refuses a read of the API made by a page of another site, with a security event, before the route runs', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = await appWithCheck(lines);
    const res = await app.inject({ url: '/api/cotas', headers: fromAnotherSite });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ kind: 'error', message: 'erro.requisicao-recusada' });
    expect(lines).toContainEqual(expect.objectContaining({ category: 'security', event: 'access.refused', reason: 'cross-site-read', target: '/api/cotas' }));
    expect((await app.inject({ url: '/api/cotas', headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'embed' } })).statusCode).toBe(403);
    await app.close();
  });

  it('lets through the app’s own reads, a person opening the address, and clients that send no Fetch Metadata', async () => {
    const app = await appWithCheck();
    for (const headers of [{ 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }, { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors' }, { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }, {}]) {
      expect((await app.inject({ url: '/api/cotas', headers })).json()).toEqual({ cotas: ['0567'] });
    }
    expect((await app.inject({ url: '/pagina', headers: fromAnotherSite })).body).toBe('página');
    await app.close();
  });
});
