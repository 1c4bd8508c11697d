import { beforeEach, describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
beforeEach(async () => stack.sandbox.clearFaults());


async function laraWaitingForCode() {
  const c = client(stack.baseUrl);
  const login = await c.login('lara');
  expect(login.body).toEqual({ kind: 'navigate', to: '/entrar/verificacao/enviar', replace: true });
  return { c, cookie: String(login.headers['set-cookie']).split(';')[0]! };
}

describe('one-time code (lara, REQUER_MFA)', () => {
  it('keeps every protected route closed until the code is checked, then opens them with a new session id', async () => {
    const { c, cookie } = await laraWaitingForCode();
    expect((await c.screen('/groups-and-quotas')).body.to).toBe('/entrar/verificacao/enviar');
    const choose = await c.screen('/entrar/verificacao/enviar');
    const text = screenText(choose.body);
    expect(text).toContain('Receber por SMS em (48) *****-4567');
    expect(text).toContain('Receber por e-mail em la***@example.com.br');

    // A code goes out only after the customer confirms the login's CPF/CNPJ (SMS) or full e-mail.
    expect((await c.action('auth/otp-send', { canal: 'sms' })).body).toEqual({ kind: 'navigate', to: '/entrar/verificacao/cpf-cnpj' });
    expect(screenText((await c.screen('/entrar/verificacao/cpf-cnpj')).body)).toContain('confirme o CPF ou CNPJ deste acesso');
    expect((await c.action('auth/otp-confirm-document', { documento: '529.982.247-25' })).body).toEqual({ kind: 'field-errors', errors: { documento: 'O CPF/CNPJ não confere com o deste acesso.' } });
    expect((await c.action('auth/otp-confirm-document', { documento: persona('lara').document })).body).toEqual({ kind: 'navigate', to: '/entrar/verificacao/inserir' });
    const insert = await c.screen('/entrar/verificacao/inserir');
    expect(screenText(insert.body)).toContain('Digite o código de 4 caracteres que enviamos para (48) *****-4567.');
    const [resend] = findAll(insert.body.layout, (n) => n.id === 'reenviar');
    expect(Date.parse(resend.countdown.until) - Date.now()).toBeGreaterThan(35_000);
    expect(resend.countdown.label).toBe('Reenviar código em {segundos}s');

    const code = await stack.sandbox.lastCode();
    const verified = await c.action('auth/otp-verify', { codigo: code.toLowerCase() });
    expect(verified.body).toEqual({ kind: 'navigate', to: '/entrar/verificacao/validar', replace: true });
    const done = await c.screen('/entrar/verificacao/validar');
    expect(screenText(done.body)).toContain('Seu código foi confirmado e seu acesso está liberado.');
    expect(findAll(done.body.layout, (n) => n.id === 'continuar')[0].action.to).toBe('/groups-and-quotas');
    const newCookie = String(verified.headers['set-cookie']).split(';')[0]!;
    expect(newCookie).not.toBe(cookie);
    expect((await c.screen('/groups-and-quotas')).body.screen).toBe('groups-and-quotas');
    const replay = await client(stack.baseUrl).agent.get('/api/screens').query({ path: '/groups-and-quotas' }).set('cookie', cookie);
    expect(replay.body.to).toMatch(/^\/login/);
  });

  it('gives each upstream code its message', async () => {
    const { c } = await laraWaitingForCode();
    expect(screenText((await c.screen('/entrar/verificacao/email')).body)).toContain('digite o e-mail completo do seu cadastro');
    expect((await c.action('auth/otp-confirm-email', { email: 'outra@example.com.br' })).body).toEqual({ kind: 'field-errors', errors: { email: 'O e-mail não confere com o do seu cadastro.' } });
    await c.action('auth/otp-confirm-email', { email: 'Lara.Barbosa@example.com.br' });
    expect((await c.action('auth/otp-verify', { codigo: 'ZZZZ' })).body.errors.codigo).toBe('Código de segurança inválido. Confira e digite novamente.');
    for (const [code, message] of [
      ['VALIDATION_CODE_EXPIRED', 'Este código expirou. Peça um novo código.'],
      ['VALIDATION_CODE_ALREADY_VERIFIED', 'Este código já foi usado. Peça um novo código.'],
      ['RESOURCE_NOT_FOUND', 'Não encontramos um código para validar. Peça um novo código.'],
    ] as const) {
      await stack.sandbox.fault({ method: 'PATCH', path: 'verificacao', status: code === 'RESOURCE_NOT_FOUND' ? 404 : 400, times: 1, body: { code, message: 'x' } });
      expect((await c.action('auth/otp-verify', { codigo: 'ABCD' })).body.errors.codigo).toBe(message);
    }
  });

  it('allows at most 5 tries per code', async () => {
    const { c } = await laraWaitingForCode();
    await c.action('auth/otp-confirm-document', { documento: persona('lara').document });
    for (let i = 0; i < 5; i++) await c.action('auth/otp-verify', { codigo: 'ZZZZ' });
    await stack.sandbox.clearCalls();
    const sixth = await c.action('auth/otp-verify', { codigo: await stack.sandbox.lastCode() });
    expect(sixth.body.message).toBe('Você errou o código 5 vezes. Peça um novo código para continuar.');
    expect(await stack.sandbox.calls()).toEqual([]);
  });

  it('refuses a resend before 40 seconds and a code that is not 4 characters', async () => {
    const { c } = await laraWaitingForCode();
    await c.action('auth/otp-confirm-document', { documento: persona('lara').document });
    expect((await c.action('auth/otp-send', { canal: 'sms' })).body).toEqual({ kind: 'snackbar', message: 'Aguarde alguns segundos para pedir um novo código.' });
    expect((await c.action('auth/otp-verify', { codigo: 'AB' })).body).toEqual({ kind: 'field-errors', errors: { codigo: 'Digite os 4 caracteres do código.' } });
  });

  it('sends a visitor without a pending code away from the code screens', async () => {
    expect((await client(stack.baseUrl).screen('/entrar/verificacao/enviar')).body.to).toBe('/login');
  });

  it('explains a registration without phone or e-mail instead of offering nothing', async () => {
    const { c } = await laraWaitingForCode();
    await stack.app.sessions.patch((await sessionOf(c))!, { mfa: { pending: true, destinations: {} } });
    expect((await c.screen('/entrar/verificacao/enviar')).body.to).toBe('/entrar/verificacao/erro-de-cadastro');
    expect(screenText((await c.screen('/entrar/verificacao/erro-de-cadastro')).body)).toContain('Não encontramos celular nem e-mail no seu cadastro.');
  });
});

/** The server-side session behind a client's cookie. */
async function sessionOf(c: ReturnType<typeof client>) {
  const cookie = c.agent.jar.getCookie('sid', { domain: 'localhost', path: '/', secure: false, script: false } as never);
  return cookie ? stack.app.sessions.get(cookie.value) : null;
}
