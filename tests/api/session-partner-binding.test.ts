import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../screens/contract/index.js';
import { asCustomerWithFirstQuota, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

const HORIZONTE = () => `horizonte.localhost:${stack.port}`;
const DEFAULT = () => `localhost:${stack.port}`;

/** A customer logged in on `host` with a quota chosen: the session cookie, the quota and the name the home greets. */
async function loggedIn(key: string, host: string) {
  const { c, idCota } = await asCustomerWithFirstQuota(stack.baseUrl, key, host);
  const home = await c.screen('/home');
  expect(home.body.screen).toBe('home');
  const cookie = c.agent.jar.getCookie('sid', { domain: 'localhost', path: '/', secure: false, script: false } as never);
  return { cookie: `sid=${cookie!.value}`, idCota, home: home.body };
}

const screenOn = (host: string, cookie: string, path: string) => supertest(stack.baseUrl).get('/api/screens').query({ path }).set('host', host).set('cookie', cookie);
const actionOn = (host: string, cookie: string, name: string, body: unknown) =>
  supertest(stack.baseUrl)
    .post(`/api/actions/${name}`)
    .set('host', host)
    .set('cookie', cookie)
    .set(CSRF_HEADER, CSRF_HEADER_VALUE)
    .set('content-type', 'application/json')
    .send(JSON.stringify(body));

describe.each([
  ['marcos', 'Horizonte', 'the default partner', HORIZONTE, DEFAULT],
  ['ana', 'the default partner', 'Horizonte', DEFAULT, HORIZONTE],
] as const)('a session of %s made on %s, presented on %s’s host', (owner, _made, _shown, own, other) => {
  it('draws no screen of the owner: every protected screen sends the visitor to the login, naming nothing of theirs', async () => {
    const { cookie, home } = await loggedIn(owner, own());
    const name = screenText(home).match(/Olá, ([^\n!,]+)/)?.[1] ?? '';
    await stack.sandbox.clearCalls();
    for (const path of ['/home', '/groups-and-quotas', '/boletos', '/perfil']) {
      const res = await screenOn(other(), cookie, path);
      expect(res.body.kind, path).toBe('redirect');
      expect(res.body.to, path).toMatch(/^\/login(\?|$)/);
      if (name) expect(JSON.stringify(res.body)).not.toContain(name);
    }
    // The login screen there is the visitor's, not the customer's.
    const login = await screenOn(other(), cookie, '/login');
    expect(login.body.screen).toBe('login');
    // Nothing went to the back office with the owner's tokens.
    expect((await stack.sandbox.calls()).filter((c) => !c.path.startsWith('parceiros/'))).toEqual([]);
  });

  it('carries out none of the owner’s actions: the answer is the one a visitor without a session gets', async () => {
    const { cookie, idCota } = await loggedIn(owner, own());
    await stack.sandbox.clearCalls();
    for (const [name, body] of [
      ['quotas/select', { idCota }],
      ['slips/delivery', { formaEnvio: 'EMAIL' }],
      ['profile/contact-save', { ddd: '11', numero: '912345678', tipo: 1 }],
      ['quotas/nickname', { idCota, apelido: 'Outro nome' }],
    ] as const) {
      const res = await actionOn(other(), cookie, name, body);
      expect(res.body, name).toEqual({ kind: 'navigate', to: '/login?sessao=expirada' });
    }
    expect((await stack.sandbox.calls()).filter((c) => !c.path.startsWith('parceiros/'))).toEqual([]);
  });

  it('stays the owner’s on its own partner: a logout sent from the other host does not end it', async () => {
    const { cookie } = await loggedIn(owner, own());
    await actionOn(other(), cookie, 'auth/logout', {});
    expect((await screenOn(own(), cookie, '/home')).body.screen).toBe('home');
  });
});
