import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import cookie from './cookie.js';
import { cookiesOf } from '../../lib/cookies.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function appWithCookies(): Promise<FastifyInstance> {
  const built = Fastify();
  await built.register(fp(async (a) => void a.decorate('config', { secureCookies: true, COOKIE_SECRET: 'x'.repeat(32) } as never), { name: 'config' }));
  await built.register(cookie);
  built.get('/reads', async (request) => ({ sessao: cookiesOf(request).sessao ?? null, kept: cookiesOf(request) === cookiesOf(request) }));
  built.get('/ignores', async (request) => ({ parsed: request.cookies !== null }));
  built.get('/sets', async (request, reply) => {
    reply.setCookie('dica', '1');
    return { sessao: cookiesOf(request).sessao ?? null };
  });
  app = built;
  return built;
}

describe('cookies read on demand', () => {
  it('parses the Cookie header on the first read and keeps what it parsed', async () => {
    const server = await appWithCookies();
    const res = await server.inject({ url: '/reads', headers: { cookie: 'outro=2; sessao=abc%20d' } });
    expect(res.json()).toEqual({ sessao: 'abc d', kept: true });
    expect((await server.inject({ url: '/reads' })).json()).toEqual({ sessao: null, kept: true });
  });

  it('leaves the header unparsed on a route that reads no cookie', async () => {
    const server = await appWithCookies();
    const res = await server.inject({ url: '/ignores', headers: { cookie: 'sessao=abc' } });
    expect(res.json()).toEqual({ parsed: false });
  });

  it('sets a cookie with the safe defaults and still reads the ones sent', async () => {
    const server = await appWithCookies();
    const res = await server.inject({ url: '/sets', headers: { cookie: 'sessao=abc' } });
    expect(res.json()).toEqual({ sessao: 'abc' });
    expect(res.headers['set-cookie']).toBe('dica=1; Path=/; HttpOnly; Secure; SameSite=Strict');
  });

  it('is how the server reads cookies: no source reads request.cookies itself', () => {
    const root = join(import.meta.dirname, '..', '..');
    const sources = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const direct = sources.filter((f) => !f.endsWith(join('lib', 'cookies.ts')) && /\brequest\.cookies\b/.test(readFileSync(join(root, f), 'utf8')));
    expect(sources.length).toBeGreaterThan(50);
    expect(direct).toEqual([]);
  });
});
