import { sign } from '@fastify/cookie';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

/**
 * The cookies that carry state instead of a session id (the forgot-password chain, the remembered
 * CPF of the mobile login) are HMAC-SHA256 signed with COOKIE_SECRET: what a browser or anyone
 * else writes into them is refused unless this server signed it. OWASP ASVS 5.0 V9.1.
 */
const SECRET = 'chave-de-teste-dos-cookies-assinados-0123456789';
const stack = useStack({ COOKIE_SECRET: SECRET });

const cpf = persona('ana').document.replace(/\D/g, '');
const screen = (path: string, cookie: string) => supertest(stack.baseUrl).get('/api/screens').query({ path }).set('cookie', cookie);

/** The same value unsigned, signed with another key, signed here and then altered, and signed here. */
function variants(value: string) {
  const signed = sign(value, SECRET);
  return {
    forged: [value, sign(value, 'outra-chave-que-nao-e-a-do-servidor-0123456789'), `${signed.slice(0, -1)}${signed.endsWith('A') ? 'B' : 'A'}`, `${value}.`],
    signed,
  };
}

describe('signed state cookies', () => {
  it('refuses forgot-password state that is unsigned, signed with another key or altered, and takes the one this server signed', async () => {
    const { forged, signed } = variants(JSON.stringify({ documento: cpf, data: '1990-05-12' }));
    for (const value of forged) {
      const res = await screen('/entrar/esqueciasenha/email', `forgot=${encodeURIComponent(value)}`);
      expect(res.body, value).toMatchObject({ kind: 'redirect', to: '/entrar/esqueciasenha/cpfcnpj' });
    }
    expect((await screen('/entrar/esqueciasenha/email', `forgot=${encodeURIComponent(signed)}`)).body).toMatchObject({ kind: 'screen', screen: 'esqueci-email' });
  });

  it('shows no remembered CPF from a cookie this server did not sign', async () => {
    const { forged, signed } = variants(cpf);
    for (const value of forged) {
      const res = await screen('/entrar-mobile', `login_hint=${encodeURIComponent(value)}`);
      expect(JSON.stringify(res.body), value).not.toContain(cpf.slice(0, 3));
    }
    expect(JSON.stringify((await screen('/entrar-mobile', `login_hint=${encodeURIComponent(signed)}`)).body)).toContain(cpf.slice(0, 3));
  });
});
