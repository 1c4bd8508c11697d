import { beforeEach, describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
beforeEach(async () => {
  await stack.sandbox.clearFaults();
  await stack.sandbox.clearCalls();
});

const WRONG = 'Não foi possível entrar. Por favor, verifique suas credenciais de acesso novamente!';

describe('GET /api/screens guard', () => {
  it('sends an unauthenticated visit to home to login without remembering home', async () => {
    const res = await client(stack.baseUrl).screen('/home');
    expect(res.body).toEqual({ schemaVersion: 1, kind: 'redirect', to: '/login' });
  });

  it('remembers any other protected route to return to after login', async () => {
    const res = await client(stack.baseUrl).screen('/groups-and-quotas?pagina=1');
    expect(res.body.to).toBe('/login?voltar=%2Fgroups-and-quotas%3Fpagina%3D1');
  });

  it('redirects / to /home', async () => {
    expect((await client(stack.baseUrl).screen('/')).body.to).toBe('/home');
  });

  it('answers an unknown path with the not-found screen as a 404, not a 500', async () => {
    const res = await client(stack.baseUrl).screen('/nao-existe');
    expect(res.status).toBe(404);
    expect(res.body.screen).toBe('nao-encontrada');
  });

  it('refuses a path that is not local with a clear message', async () => {
    const res = await client(stack.baseUrl).screen('https://evil.example/');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Requisição inválida.');
  });
});

describe('POST /api/actions/auth/login', () => {
  it('refuses a password that is not exactly 6 digits before any upstream call', async () => {
    const c = client(stack.baseUrl);
    for (const senha of ['12345', '1234567', 'abcdef', '']) {
      const res = await c.action('auth/login', { modo: 'documento', documento: persona('ana').document, senha });
      expect(res.body).toEqual({ kind: 'field-errors', errors: { senha: 'A senha deve ter exatamente 6 dígitos.' } });
    }
    expect(await stack.sandbox.calls()).toEqual([]);
  });

  it('refuses an invalid CPF before any upstream call', async () => {
    const res = await client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: '111.111.111-11', senha: '123456' });
    expect(res.body.errors.documento).toBe('Informe um CPF ou CNPJ válido.');
    expect(await stack.sandbox.calls()).toEqual([]);
  });

  it('shows the exact wrong-credentials message for a wrong password', async () => {
    const res = await client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: persona('ana').document, senha: '000000' });
    expect(res.body).toEqual({ kind: 'field-errors', errors: {}, message: WRONG });
    expect((await stack.sandbox.calls()).map((c) => c.path)).toContain('login');
  });

  it('does not let a customer of another partner in through this partner', async () => {
    const marcos = persona('marcos');
    const res = await client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: marcos.document, senha: marcos.password });
    expect(res.body.message).toBe(WRONG);
  });

  it('shows the generic Ops modal with a retry when the upstream fails', async () => {
    await stack.sandbox.fault({ path: 'login', status: 503 });
    const ana = persona('ana');
    const res = await client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: ana.document, senha: ana.password });
    expect(res.body).toMatchObject({ kind: 'error', title: 'Ops ;)', retry: true });
  });

  it('logs ana in with her masked CPF and sends her to her quotas', async () => {
    const res = await client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: '661.157.509-03', senha: '135790' });
    expect(res.body).toEqual({ kind: 'navigate', to: '/groups-and-quotas', replace: true });
  });

  it('logs a company in by CNPJ (longer than 11 characters)', async () => {
    const c = client(stack.baseUrl);
    await c.login('delta');
    const form = (await stack.sandbox.calls()).find((call) => call.path === 'login');
    expect(form).toBeDefined();
    const quotas = await c.screen('/groups-and-quotas');
    expect(quotas.body.screen).toBe('groups-and-quotas');
  });

  it('logs in by group and quota (padded) and goes straight to that quota', async () => {
    const c = client(stack.baseUrl);
    const res = await c.action('auth/login', { modo: 'cota', grupo: '1234', cota: '567', versao: '0', senha: '135790' });
    expect(res.body).toEqual({ kind: 'navigate', to: '/home', replace: true });
    const home = await c.screen('/home');
    expect(screenText(home.body)).toContain('001234');
    expect(screenText(home.body)).toContain('0567');
  });

  it('returns to the remembered route after login and quota choice', async () => {
    const c = client(stack.baseUrl);
    const ana = persona('ana');
    const login = await c.action('auth/login', { modo: 'documento', documento: ana.document, senha: ana.password, voltar: '/home?aba=1' });
    expect(login.body.to).toBe('/groups-and-quotas?voltar=%2Fhome%3Faba%3D1');
    const list = await c.screen(login.body.to);
    const card = findAll(list.body.layout, (n) => n.type === 'card' && n.id?.startsWith('cota-'))[0];
    expect(card.action.action.payload.voltar).toBe('/home?aba=1');
    const chosen = await c.action('quotas/select', card.action.action.payload);
    expect(chosen.body.to).toBe('/home?aba=1');
  });

  it('never follows a remembered route to another site', async () => {
    const ana = persona('ana');
    const res = await client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: ana.document, senha: ana.password, voltar: '//evil.example' });
    expect(res.body.to).toBe('/groups-and-quotas');
  });
});

describe('quotas and home', () => {
  it('lists ana’s quota with group, quota, type, credit and situation', async () => {
    const c = client(stack.baseUrl);
    await c.login('ana');
    const res = await c.screen('/groups-and-quotas');
    const text = screenText(res.body);
    expect(text).toContain('Grupo 001234 · Cota 0567');
    expect(text).toContain('Automóvel');
    expect(text).toContain('R$ 85.000,00');
    expect(res.body.chrome).toBe('authenticated');
    const calls = await stack.sandbox.calls();
    expect(calls.find((call) => call.path === 'cotas')?.query).toMatchObject({ page: '1', page_size: '20' });
  });

  it('shows the selected quota on home with credit value and outstanding balance', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const res = await c.screen('/home');
    expect(res.body.screen).toBe('home');
    const text = screenText(res.body);
    expect(text).toMatch(/Olá, Ana/);
    expect(text).toContain('R$ 85.000,00');
    expect(text).toContain('R$ 61.204,18');
    expect(text).toContain('Automóvel');
    expect((await stack.sandbox.calls()).map((call) => call.path)).toContain('login/cota-selecionada');
  });

  it('refuses to select another customer’s quota', async () => {
    const bruno = client(stack.baseUrl);
    await bruno.login('bruno');
    const brunoQuotas = await bruno.screen('/groups-and-quotas');
    const brunoQuota = findAll(brunoQuotas.body.layout, (n) => n.type === 'card' && n.id?.startsWith('cota-'))[0];
    const ana = client(stack.baseUrl);
    await ana.login('ana');
    const res = await ana.action('quotas/select', { idCota: brunoQuota.action.action.payload.idCota });
    expect(res.body).toMatchObject({ kind: 'error', message: 'Cota não encontrada.' });
  });

  it('shows delta the cash-billing card the phase → card table picks, leading to /faturamento', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('delta');
    const home = await c.screen('/home');
    const [card] = findAll(home.body.layout, (n) => n.id === 'card-especie-reenviar-documentos');
    expect(card.title).toBe('Documentos pendentes');
    expect(card.action).toEqual({ label: 'Enviar documentos', action: { type: 'navigate', to: '/faturamento' } });
    expect((await c.screen('/faturamento')).body).toMatchObject({ kind: 'redirect', to: '/faturamentoespecie/documento-rejeitado' });
    const ana = client(stack.baseUrl);
    await ana.loginWithQuota('ana');
    expect(findAll((await ana.screen('/home')).body.layout, (n) => n.id?.startsWith('card-'))).toEqual([]);
    expect((await ana.screen('/faturamento')).body.to).toBe('/home');
  });

  it('asks for a quota before home when none is selected', async () => {
    const c = client(stack.baseUrl);
    await c.login('ana');
    expect((await c.screen('/home')).body.to).toBe('/groups-and-quotas');
  });

  it('ends the session on logout so that replaying the cookie gets nothing', async () => {
    const c = client(stack.baseUrl);
    const login = await c.login('ana');
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const out = await c.action('auth/logout');
    expect(out.body).toEqual({ kind: 'navigate', to: '/login', replace: true });
    const replay = await client(stack.baseUrl).agent.get('/api/screens').query({ path: '/groups-and-quotas' }).set('cookie', cookie);
    expect(replay.body.to).toBe('/login?voltar=%2Fgroups-and-quotas');
  });

  it('keeps the customer logged in when the upstream token expires, by refreshing it', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    await stack.sandbox.advanceClock(600);
    await stack.sandbox.clearCalls();
    const res = await c.screen('/home');
    expect(res.body.screen).toBe('home');
    expect((await stack.sandbox.calls()).map((call) => call.path)).toContain('login/refresh');
  });

  it('ends the session and says so when the upstream refuses the refresh', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    await stack.sandbox.advanceClock(600);
    await stack.sandbox.fault({ path: 'login/refresh', status: 401, times: 1 });
    const res = await c.screen('/home');
    expect(res.body.to).toBe('/login?sessao=expirada');
    const login = await c.screen(res.body.to);
    expect(screenText(login.body)).toContain('Sua sessão expirou. Entre novamente para continuar.');
    expect(screenText((await c.screen('/login')).body)).not.toContain('Sua sessão expirou');
  });

  it('shows the Ops modal with a retry when the upstream fails on a screen', async () => {
    const c = client(stack.baseUrl);
    await c.login('ana');
    await stack.sandbox.fault({ path: 'cotas', status: 500 });
    const res = await c.screen('/groups-and-quotas');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ kind: 'error', title: 'Ops ;)', retry: true });
  });
});
