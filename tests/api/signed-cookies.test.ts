import { sign } from '@fastify/cookie';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { client } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

/**
 * The cookies that carry state instead of a session id (the forgot-password chain, the remembered
 * CPF of the mobile login, the biometric device mark) are sealed with AES-256-GCM under the
 * session store's key ring, bound to their purpose, the host they were made on and their lifetime
 * (server/src/security/helper-cookies.ts): what a browser or anyone else writes into them is
 * refused unless this server sealed it for that cookie on that host, and the browser's cookie
 * store holds no CPF, birth date or e-mail in clear. OWASP ASVS 5.0 V9.1, V9.2, V14.3.3.
 */
const SECRET = 'chave-de-teste-dos-cookies-assinados-0123456789';
const stack = useStack({ COOKIE_SECRET: SECRET });

const ana = persona('ana');
const cpf = ana.document.replace(/\D/g, '');
const host = () => `localhost:${stack.port}`;
const otherPartner = () => `horizonte.localhost:${stack.port}`;
const screen = (path: string, cookie: string, on = host()) => supertest(stack.baseUrl).get('/api/screens').query({ path }).set('host', on).set('cookie', cookie);

/** The value of cookie `name` an answer sets. */
function setCookie(res: { headers: Record<string, unknown> }, name: string): string {
  const header = ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []).find((h) => h.startsWith(`${name}=`));
  expect(header, `${name} is set`).toBeDefined();
  return decodeURIComponent(header!.slice(name.length + 1).split(';')[0]!);
}

/** The forgot-password chain's cookie after its first two steps, as this server sealed it. */
async function forgotCookie(on = host()) {
  const c = client(stack.baseUrl, on);
  await c.action('auth/forgot-identify', { documento: ana.document });
  const res = await c.action('auth/forgot-date', { data: '12/05/1990' });
  return setCookie(res, 'forgot');
}

async function hintCookie(on = host()) {
  return setCookie(await client(stack.baseUrl, on).action('auth/identify', { documento: ana.document }), 'login_hint');
}

describe('sealed state cookies', () => {
  it('refuses forgot-password state that is unsigned, signed with another key or altered, and takes the one this server signed', async () => {
    const plain = JSON.stringify({ documento: cpf, data: '1990-05-12' });
    const sealed = await forgotCookie();
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const value of [plain, sign(plain, SECRET), sign(plain, 'outra-chave-que-nao-e-a-do-servidor-0123456789'), altered, `${sealed}.`]) {
      const res = await screen('/entrar/esqueciasenha/email', `forgot=${encodeURIComponent(value)}`);
      expect(res.body, value).toMatchObject({ kind: 'redirect', to: '/entrar/esqueciasenha/cpfcnpj' });
    }
    expect((await screen('/entrar/esqueciasenha/email', `forgot=${encodeURIComponent(sealed)}`)).body).toMatchObject({ kind: 'screen', screen: 'esqueci-email' });
  });

  it('shows no remembered CPF from a cookie this server did not sign', async () => {
    const sealed = await hintCookie();
    for (const value of [cpf, sign(cpf, SECRET), sign(cpf, 'outra-chave-que-nao-e-a-do-servidor-0123456789'), `${sealed.slice(0, -2)}AB`]) {
      const res = await screen('/entrar-mobile', `login_hint=${encodeURIComponent(value)}`);
      expect(JSON.stringify(res.body), value).not.toContain(cpf.slice(0, 3));
    }
    expect(JSON.stringify((await screen('/entrar-mobile', `login_hint=${encodeURIComponent(sealed)}`)).body)).toContain(cpf.slice(0, 3));
  });

  it('keeps no CPF, birth date or e-mail in clear in the browser’s cookies', async () => {
    // Whole values: a sealed part is random bytes, in which a single character like '@' turns up by chance.
    for (const value of [await forgotCookie(), await hintCookie()]) {
      expect(value).toMatch(/^seal\.v1\./);
      for (const part of value.split('.')) expect(Buffer.from(part, 'base64url').toString('latin1')).not.toMatch(/661157509|1990-05-12|12\/05\/1990|ana\./);
      expect(value).not.toContain(cpf.slice(0, 6));
    }
  });

  it('refuses a cookie made for one purpose where another is read: a remembered CPF is no forgot-password state', async () => {
    const hint = await hintCookie();
    const res = await screen('/entrar/esqueciasenha/data', `forgot=${encodeURIComponent(hint)}`);
    expect(res.body).toMatchObject({ kind: 'redirect', to: '/entrar/esqueciasenha/cpfcnpj' });
  });

  it('refuses a cookie made on one partner’s host on another partner’s host', async () => {
    const forgot = await forgotCookie(otherPartner());
    expect((await screen('/entrar/esqueciasenha/email', `forgot=${encodeURIComponent(forgot)}`, otherPartner())).body).toMatchObject({ kind: 'screen', screen: 'esqueci-email' });
    expect((await screen('/entrar/esqueciasenha/email', `forgot=${encodeURIComponent(forgot)}`)).body).toMatchObject({ kind: 'redirect', to: '/entrar/esqueciasenha/cpfcnpj' });
    const hint = await hintCookie(otherPartner());
    expect(JSON.stringify((await screen('/entrar-mobile', `login_hint=${encodeURIComponent(hint)}`)).body)).not.toContain(cpf.slice(0, 3));
  });
});
