import { beforeEach, describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../server/src/security/login-throttle.js';
import { client } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
beforeEach(async () => stack.sandbox.clearCalls());

const TOO_MANY = 'Muitas tentativas de acesso. Por segurança, aguarde 15 minutos e tente novamente.';
const WRONG = 'Não foi possível entrar. Por favor, verifique suas credenciais de acesso novamente!';

async function fiveWrong(documento: string) {
  const c = client(stack.baseUrl);
  for (let i = 0; i < 5; i++) {
    const res = await c.action('auth/login', { modo: 'documento', documento, senha: '000000' });
    expect(res.body.message).toBe(WRONG);
  }
  return c;
}

describe('password login guard', () => {
  it('refuses the 6th attempt on an account after 5 wrong passwords, even with the right one, without calling the back office', async () => {
    const ana = persona('ana');
    const c = await fiveWrong(ana.document);
    await stack.sandbox.clearCalls();
    const res = await c.action('auth/login', { modo: 'documento', documento: ana.document, senha: ana.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ kind: 'field-errors', errors: {}, message: TOO_MANY });
    expect((await stack.sandbox.calls()).filter((call) => call.path === 'login')).toEqual([]);
  });

  it('answers an account that does not exist exactly the same way', async () => {
    const unknown = '529.982.247-25';
    const c = await fiveWrong(unknown);
    const res = await c.action('auth/login', { modo: 'documento', documento: unknown, senha: '123456' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ kind: 'field-errors', errors: {}, message: TOO_MANY });
  });
});

describe('consecutive-failure block', () => {
  it('blocks password login after 10 failures and lifts it only by a password reset plus a one-time code', async () => {
    const ana = persona('ana');
    const throttle = new LoginThrottle(stack.app.counters);
    for (let i = 0; i < 10; i++) await throttle.failed(ana.document, `10.0.0.${i}`);
    const c = client(stack.baseUrl);
    const blocked = await c.action('auth/login', { modo: 'documento', documento: ana.document, senha: ana.password });
    expect(blocked.body.message).toBe('O acesso por senha foi bloqueado depois de muitas tentativas erradas. Para desbloquear, redefina sua senha em "Esqueci minha senha".');

    await c.action('auth/forgot-identify', { documento: ana.document });
    await c.action('auth/forgot-date', { data: '17/04/1988' });
    await c.action('auth/forgot-send', { email: 'ana.lima@example.com.br', confirmacao: 'ana.lima@example.com.br' });

    const login = await c.action('auth/login', { modo: 'documento', documento: ana.document, senha: ana.password });
    expect(login.body).toEqual({ kind: 'navigate', to: '/entrar/verificacao/enviar', replace: true });
    await c.action('auth/otp-confirm-email', { email: 'ana.lima@example.com.br' });
    const code = await stack.sandbox.lastCode();
    expect((await c.action('auth/otp-verify', { codigo: code })).body.to).toBe('/entrar/verificacao/validar');

    const again = client(stack.baseUrl);
    expect((await again.action('auth/login', { modo: 'documento', documento: ana.document, senha: ana.password })).body.to).toBe('/groups-and-quotas');
  });
});
