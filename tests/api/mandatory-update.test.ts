import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { client, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

describe('mandatory registration update (julia)', () => {
  it('does not apply under a transparent login', async () => {
    const token = await stack.sandbox.transparentToken('julia');
    const res = await supertest(stack.baseUrl).get(`/login-transparente/${token}`).redirects(0);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const list = await supertest(stack.baseUrl).get('/api/screens').query({ path: '/groups-and-quotas' }).set('cookie', cookie);
    expect(list.body.screen).toBe('groups-and-quotas');
  });

  it('sends protected routes to /atualizacao-obrigatoria, keeps home open, and lets her through once she confirms her data', async () => {
    const c = client(stack.baseUrl);
    await c.login('julia');
    expect((await c.screen('/groups-and-quotas')).body.to).toBe('/atualizacao-obrigatoria');
    expect((await c.screen('/alterarsenha/atual')).body.screen).toBe('alterarsenha-atual');
    expect(screenText((await c.screen('/atualizacao-obrigatoria')).body)).toContain('precisamos que você confirme seus dados cadastrais');
    const confirm = await c.screen('/confirmar-dados-cadastrais');
    const text = screenText(confirm.body);
    expect(text).toContain('Júlia Ferreira Gomes');
    expect(text).toContain('ju***@example.com.br');
    expect(text).toContain('(91) *****-0000');
    expect((await c.action('auth/confirm-registration')).body).toEqual({ kind: 'snackbar', message: 'Dados confirmados. Obrigado!', to: '/groups-and-quotas' });
    expect((await stack.sandbox.calls()).map((call) => call.path)).toContain('core/dados-cadastrais/confirmar-dados');
    expect((await c.screen('/groups-and-quotas')).body.screen).toBe('groups-and-quotas');

    const again = client(stack.baseUrl);
    await again.login('julia');
    expect((await again.screen('/groups-and-quotas')).body.screen).toBe('groups-and-quotas');
  });

  it('leaves a customer without such a case alone', async () => {
    const c = client(stack.baseUrl);
    await c.login('igor');
    expect((await c.screen('/groups-and-quotas')).body.screen).toBe('groups-and-quotas');
  });
});
