import { describe, expect, it } from 'vitest';
import { STAFF_LOGIN_LIMITS, STAFF_LOGIN_TOO_MANY } from '../../server/src/security/staff-login-throttle.js';
import { consoleClient } from '../helpers/console-host.js';
import { useStack } from '../helpers/stack.js';
import { SANDBOX_STAFF } from '../../server/src/config.js';

// One load balancer in front: each test is a client address of its own.
// The console's password accounts (OPS_USERS, outside production): the door these tests knock at.
const stack = useStack({ TRUST_PROXY: '1', OPS_USERS: SANDBOX_STAFF });
const WRONG = 'Usuário ou senha da equipe inválidos.';

const login = (from: string, user: string, senha: string) => consoleClient(stack.baseUrl).action('ops/login', { login: user, senha }).set('x-forwarded-for', from);

describe('the console login is limited like the customers’', () => {
  it('gives a login 5 tries, then refuses it even with the right password, and answers an unknown login the same way', async () => {
    for (const user of ['consulta', 'ninguem-na-equipe']) {
      for (let i = 0; i < STAFF_LOGIN_LIMITS.perLogin; i++) expect((await login('198.51.100.1', user, 'senha-errada')).body).toEqual({ kind: 'field-errors', errors: {}, message: WRONG });
      expect((await login('198.51.100.2', user, 'senha-errada')).body).toEqual({ kind: 'field-errors', errors: {}, message: STAFF_LOGIN_TOO_MANY });
    }
    // From another address too: the count belongs to the login.
    const right = await login('198.51.100.3', 'consulta', 'consulta-sandbox');
    expect(right.body).toEqual({ kind: 'field-errors', errors: {}, message: STAFF_LOGIN_TOO_MANY });
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an address after 20 wrong passwords over any logins, even a right one, while another address still gets in', async () => {
    for (let i = 0; i < STAFF_LOGIN_LIMITS.perAddress; i++) expect((await login('203.0.113.7', `tentativa-${Math.floor(i / 4)}`, 'senha-errada')).body.message).toBe(WRONG);
    expect((await login('203.0.113.7', 'operacao', 'operacao-sandbox')).body).toEqual({ kind: 'field-errors', errors: {}, message: STAFF_LOGIN_TOO_MANY });
    expect((await login('203.0.113.8', 'operacao', 'operacao-sandbox')).body).toEqual({ kind: 'navigate', to: '/ops', replace: true });
  });
});
