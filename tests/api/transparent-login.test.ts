import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { client, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

describe('transparent login', () => {
  it('trades the token on the server, lands on a clean /home and opens only the routes flagged for it', async () => {
    const token = await stack.sandbox.transparentToken('ana');
    const res = await supertest(stack.baseUrl).get(`/login-transparente/${token}`).redirects(0);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/home');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const screen = (path: string) => supertest(stack.baseUrl).get('/api/screens').query({ path }).set('cookie', cookie);
    const home = await screen('/home');
    expect(home.body.screen).toBe('home');
    expect(screenText(home.body)).toContain('001234');
    expect((await screen('/groups-and-quotas')).body.screen).toBe('groups-and-quotas');
    expect((await screen('/alterarsenha/atual')).body).toEqual({ schemaVersion: 1, kind: 'redirect', to: '/home' });
  });

  it('refuses a replayed token without asking the back office again, and says why on the login screen', async () => {
    const token = await stack.sandbox.transparentToken('bruno');
    await supertest(stack.baseUrl).get(`/login-transparente/${token}`).redirects(0);
    await stack.sandbox.clearCalls();
    const replay = await supertest(stack.baseUrl).get(`/login-transparente/${token}`).redirects(0);
    expect(replay.headers.location).toBe('/login?transparente=invalido');
    expect(replay.headers['set-cookie']).toBeUndefined();
    expect((await stack.sandbox.calls()).filter((c) => c.path === 'login/transparente')).toEqual([]);
    const login = await client(stack.baseUrl).screen('/login?transparente=invalido');
    expect(screenText(login.body)).toContain('O link de acesso é inválido ou já foi usado. Entre com seus dados.');
  });

  it('ends the session this browser had before: its earlier cookie opens nothing afterwards', async () => {
    const c = client(stack.baseUrl);
    await c.login('ana');
    expect((await c.screen('/groups-and-quotas')).body.screen).toBe('groups-and-quotas');
    const earlier = c.agent.jar.getCookie('sid', { domain: 'localhost', path: '/', secure: false, script: false } as never)!.value;

    const token = await stack.sandbox.transparentToken('ana');
    const res = await c.agent.get(`/login-transparente/${token}`).redirects(0);
    expect(res.status).toBe(302);
    const now = c.agent.jar.getCookie('sid', { domain: 'localhost', path: '/', secure: false, script: false } as never)!.value;
    expect(now).not.toBe(earlier);
    expect(await stack.app.sessions.get(earlier)).toBeNull();
    const replay = await supertest(stack.baseUrl).get('/api/screens').query({ path: '/groups-and-quotas' }).set('cookie', `sid=${earlier}`);
    expect(replay.body.to).toMatch(/^\/login/);
    expect((await c.screen('/groups-and-quotas')).body.screen).toBe('groups-and-quotas');
  });

  it('refuses a token the back office does not know', async () => {
    const res = await supertest(stack.baseUrl).get('/login-transparente/naoexisteeste-token-aqui').redirects(0);
    expect(res.headers.location).toBe('/login?transparente=invalido');
  });
});
