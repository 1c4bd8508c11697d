import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import consoleAccess from './console-access.js';

/** The guard's own dependencies, as names only: it reads none of them before a console route is asked. */
const named = (name: string) => fp(async () => undefined, { name });

async function appWithGuard() {
  const app = Fastify();
  for (const name of ['config', 'definitions', 'cookie']) await app.register(named(name));
  await app.register(consoleAccess);
  return app;
}

describe('the console’s role guard', () => {
  it('refuses to start with a console route outside /api/, where the guard would not look', async () => {
    const app = await appWithGuard();
    expect(() => app.get('/ops/relatorio.csv', { config: { consoleRoles: ['admin'] } }, async () => 'x')).toThrow('console route outside /api/: /ops/relatorio.csv');
    app.get('/ops/pagina', async () => 'não é do console');
    await app.close();
  });

  it('refuses a console route under /api/ without a console session, and lets other routes through', async () => {
    const app = await appWithGuard();
    app.get('/api/ops/relatorio.csv', { config: { consoleRoles: ['admin'] } }, async () => 'relatório');
    app.get('/api/outra', async () => 'outra');
    const refused = await app.inject('/api/ops/relatorio.csv');
    expect(refused.statusCode).toBe(401);
    expect((await app.inject('/api/outra')).body).toBe('outra');
    await app.close();
  });
});
