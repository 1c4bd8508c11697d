import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadDefinitions } from '../../server/src/composition/definitions.js';
import { matchRoute } from '../../server/src/composition/route-table.js';
import { localTarget } from '../../server/src/security/local-target.js';
import { OtpThrottle } from '../../server/src/security/otp-throttle.js';
import { client, findAll } from '../helpers/api-client.js';
import { markCodeAsked } from '../helpers/code-asked.js';
import { OPEN_REDIRECT_PAYLOADS } from '../helpers/open-redirect-payloads.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

// Every redirect-bearing value (the return-to `voltar` of actions and screens) fed the corpus of
// open-redirect payloads: each answer leads only to a same-origin path of a known route (or /home).
const stack = useStack();
const definitions = loadDefinitions();
const known = (pathname: string) => matchRoute(definitions.routes, pathname) !== null;
const ana = persona('ana');
const lara = persona('lara');
type Client = ReturnType<typeof client>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** `value` leads to a known path of this origin, and so does the return-to it carries, if any. */
function expectLocal(value: string, where: string): void {
  if (value === '') return;
  const origin = stack.baseUrl;
  const target = localTarget(value, origin, known);
  expect(target, `${where}: ${JSON.stringify(value)}`).toBeDefined();
  const inner = new URL(target!, origin).searchParams.get('voltar');
  if (inner !== null) expectLocal(inner, `${where} → voltar`);
}

/** Every `to` and `voltar` of an answer (a screen, a redirect, an action's result) is local; the payload's host appears nowhere. */
function expectNoWayOut(body: Json, where: string): void {
  const walk = (node: Json): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'to' || key === 'voltar') && typeof value === 'string') expectLocal(value, `${where} .${key}`);
      else walk(value);
    }
  };
  walk(body);
  // A screen's `route` is the address it was asked for, as asked (nothing follows it).
  const { route: _asked, ...rest } = body as Record<string, unknown>;
  expect(JSON.stringify(rest), where).not.toMatch(/example\.org|javascript:|vbscript:|data:text/i);
}

const label = (payload: string) => JSON.stringify(payload).slice(0, 40);
const withVoltar = (path: string, payload: string) => `${path}?voltar=${encodeURIComponent(payload)}`;

/** A screen asked with the payload as its return-to: a local document, or the refusal of a path too long to ask for. */
async function expectScreen(c: Client, path: string, payload: string): Promise<Json> {
  const wanted = withVoltar(path, payload);
  const res = await c.screen(wanted);
  if (wanted.length > 2048) {
    expect(res.status, label(payload)).toBe(400);
    return null;
  }
  expect(res.status, `${path} ${label(payload)}`).toBe(200);
  expectNoWayOut(res.body, `${path} ${label(payload)}`);
  return res.body;
}

async function laraWaitingForCode(): Promise<Client> {
  const c = client(stack.baseUrl);
  expect((await c.login('lara')).body.to).toBe('/entrar/verificacao/enviar');
  return c;
}

describe('the corpus of open-redirect payloads', () => {
  it('has at least 30 payloads, tab, newline and CR forms among them', () => {
    expect(OPEN_REDIRECT_PAYLOADS.length).toBeGreaterThanOrEqual(30);
    for (const c of ['\t', '\n', '\r']) expect(OPEN_REDIRECT_PAYLOADS.some((p) => p.includes(c))).toBe(true);
  });

  it('reaches every action that takes a return-to and every screen that carries one', () => {
    const actions = [...stack.app.actions.list()].filter(([, a]) => JSON.stringify(z.toJSONSchema(a.input, { io: 'input', unrepresentable: 'any' })).includes('"voltar"')).map(([name]) => name);
    expect(actions.sort()).toEqual(['auth/identify', 'auth/login', 'auth/otp-confirm-document', 'auth/otp-confirm-email', 'auth/otp-send', 'auth/otp-verify', 'quotas/select']);
    const screens = [...definitions.layouts].filter(([, layout]) => /\{\{(voltar|query)\}\}/.test(JSON.stringify(layout))).map(([screen]) => screen);
    expect(screens.sort()).toEqual(['entrar', 'entrar-mobile', 'groups-and-quotas', 'login', 'verificacao-cpf-cnpj', 'verificacao-email', 'verificacao-enviar', 'verificacao-inserir']);
  });
});

describe('every redirect-bearing value refuses every payload', () => {
  it('auth/login: the customer goes on to the quota list, carrying nothing', async () => {
    for (const voltar of OPEN_REDIRECT_PAYLOADS) {
      const res = await client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: ana.document, senha: ana.password, voltar });
      expect(res.body, label(voltar)).toEqual({ kind: 'navigate', to: '/groups-and-quotas', replace: true });
    }
  });

  it('auth/identify: the mobile password step, carrying nothing', async () => {
    for (const voltar of OPEN_REDIRECT_PAYLOADS) {
      const res = await client(stack.baseUrl).action('auth/identify', { documento: ana.document, voltar });
      expect(res.body, label(voltar)).toEqual({ kind: 'navigate', to: '/entrar-mobile' });
    }
  });

  it('quotas/select: /home', async () => {
    const c = client(stack.baseUrl);
    await c.login('ana');
    const list = await c.screen('/groups-and-quotas');
    const idCota = findAll(list.body.layout, (n: Json) => n.type === 'card' && String(n.id).startsWith('cota-'))[0].action.action.payload.idCota;
    for (const voltar of OPEN_REDIRECT_PAYLOADS) {
      expect((await c.action('quotas/select', { idCota, voltar })).body, label(voltar)).toEqual({ kind: 'navigate', to: '/home' });
    }
  });

  it('the login and quota-list screens carry no payload in their links and submits', async () => {
    const visitor = client(stack.baseUrl);
    const customer = client(stack.baseUrl);
    await customer.login('ana');
    for (const voltar of OPEN_REDIRECT_PAYLOADS) {
      for (const path of ['/login', '/entrar', '/entrar-mobile']) await expectScreen(visitor, path, voltar);
      const list = await expectScreen(customer, '/groups-and-quotas', voltar);
      if (list) for (const card of findAll(list.layout, (n: Json) => n.action?.action?.payload?.idCota)) expect(card.action.action.payload.voltar, label(voltar)).toBe('');
    }
  });

  it('the one-time-code screens and actions, while a code is owed', async () => {
    const c = await laraWaitingForCode();
    for (const voltar of OPEN_REDIRECT_PAYLOADS) {
      for (const path of ['/entrar/verificacao/enviar', '/entrar/verificacao/cpf-cnpj', '/entrar/verificacao/email', '/entrar/verificacao/inserir']) await expectScreen(c, path, voltar);
      // No channel confirmed yet: the answer is the confirmation step, carrying nothing.
      expect((await c.action('auth/otp-send', { canal: 'sms', voltar })).body, label(voltar)).toEqual({ kind: 'navigate', to: '/entrar/verificacao/cpf-cnpj' });
    }
    // The first confirmation sends a code and leads to typing it; the rest are too soon to resend.
    for (const voltar of OPEN_REDIRECT_PAYLOADS) {
      expectNoWayOut((await c.action('auth/otp-confirm-email', { email: 'lara.barbosa@example.com.br', voltar })).body, `otp-confirm-email ${label(voltar)}`);
      expectNoWayOut((await c.action('auth/otp-confirm-document', { documento: lara.document, voltar })).body, `otp-confirm-document ${label(voltar)}`);
    }
  });

  it('auth/otp-verify and the screen after it: the code is confirmed, and the way on is the quota list', async () => {
    for (const voltar of OPEN_REDIRECT_PAYLOADS) {
      // A login that asked for its code (marked so: five codes an hour are sent at most).
      const c = await markCodeAsked(stack.app, await laraWaitingForCode());
      // The back office accepts the code (each login owes one; five codes an hour are sent at most).
      await stack.sandbox.fault({ method: 'PATCH', path: 'verificacao', status: 200, body: {}, times: 1 });
      expect((await c.action('auth/otp-verify', { codigo: 'ABCD', voltar })).body, label(voltar)).toEqual({ kind: 'navigate', to: '/entrar/verificacao/validar', replace: true });
      const done = await expectScreen(c, '/entrar/verificacao/validar', voltar);
      if (done) expect(findAll(done.layout, (n: Json) => n.id === 'continuar')[0].action.to, label(voltar)).toBe('/groups-and-quotas');
    }
    await new OtpThrottle(stack.app.counters).verified(lara.document);
  });
});
