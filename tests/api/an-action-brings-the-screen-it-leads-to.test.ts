import { beforeEach, describe, expect, it } from 'vitest';
import { NEXT_SCREEN_HEADER, NEXT_SCREEN_INLINE, RENDERER_CAPABILITIES_HEADER, RENDERER_VERSION_HEADER } from '../../screens/contract/index.js';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
beforeEach(async () => {
  await stack.sandbox.clearFaults();
  await stack.sandbox.clearCalls();
});

const INLINE = { [NEXT_SCREEN_HEADER]: NEXT_SCREEN_INLINE };

/** A client whose every request says what the renderer says (its version, what it draws, and that it takes the next screen inline). */
function renderer(headers: Record<string, string> = INLINE) {
  return client(stack.baseUrl, undefined, headers);
}

/** The component types of a document, in order. */
function typesOf(doc: { layout: unknown[] }): string[] {
  return findAll(doc.layout, () => true).map((n) => n.type as string);
}

async function loginAs(c: ReturnType<typeof client>, key: string) {
  const p = persona(key);
  return c.action('auth/login', { modo: 'documento', documento: p.document, senha: p.password });
}

describe("an action's answer brings the screen it leads to", () => {
  it('logs ana in and brings her quota list in the same answer', async () => {
    const res = await loginAs(renderer(), 'ana');
    expect(res.body).toMatchObject({ kind: 'navigate', to: '/groups-and-quotas', replace: true, screen: { kind: 'screen', screen: 'groups-and-quotas', route: '/groups-and-quotas' } });
    expect(screenText(res.body.screen)).toContain('Acompanhar esta cota');
  });

  it('travels compressed as a screen does when the browser accepts it', async () => {
    const c = renderer({ ...INLINE, 'accept-encoding': 'gzip' });
    const res = await loginAs(c, 'ana');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.body.screen.screen).toBe('groups-and-quotas');
    const small = await client(stack.baseUrl, undefined, { 'accept-encoding': 'gzip' }).action('auth/login', { modo: 'documento', documento: persona('ana').document, senha: '000000' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('brings home with the quota chosen, drawn as GET /api/screens would draw it', async () => {
    const c = renderer();
    const login = await loginAs(c, 'ana');
    const card = findAll(login.body.screen.layout, (n) => n.type === 'card' && typeof n.id === 'string' && n.id.startsWith('cota-'))[0];
    const chosen = await c.action('quotas/select', card.action.action.payload);
    expect(chosen.body).toMatchObject({ kind: 'navigate', to: '/home', screen: { kind: 'screen', screen: 'home' } });
    const asked = await c.screen('/home');
    expect(screenText(chosen.body.screen)).toBe(screenText(asked.body));
  });

  it('composes the brought screen for the renderer that asked: an older one gets the fallbacks of its version', async () => {
    const older = renderer({ ...INLINE, [RENDERER_VERSION_HEADER]: '1.0.0', [RENDERER_CAPABILITIES_HEADER]: 'text,button,card,form,list,column,image,divider,banner,modal' });
    await loginAs(older, 'ana');
    const card = findAll((await older.screen('/groups-and-quotas')).body.layout, (n) => n.type === 'card' && typeof n.id === 'string' && n.id.startsWith('cota-'))[0];
    const chosen = await older.action('quotas/select', card.action.action.payload);
    const asked = await older.screen('/home');
    expect(screenText(chosen.body.screen)).toBe(screenText(asked.body));
    expect(typesOf(chosen.body.screen)).toEqual(typesOf(asked.body));
    expect(typesOf(chosen.body.screen)).not.toContain('bottom-nav');
    expect(typesOf((await renderer().loginWithQuota('ana')).body.screen)).toContain('bottom-nav');
  });

  it('brings the redirect the guard answers (julia must confirm her registration first), and the screen a snackbar leads to', async () => {
    const c = renderer();
    const login = await loginAs(c, 'julia');
    expect(login.body).toMatchObject({ kind: 'navigate', to: '/groups-and-quotas', screen: { kind: 'redirect', to: '/atualizacao-obrigatoria' } });
    const confirmed = await c.action('auth/confirm-registration');
    expect(confirmed.body).toMatchObject({ kind: 'snackbar', message: 'Dados confirmados. Obrigado!', to: '/groups-and-quotas', screen: { kind: 'screen', screen: 'groups-and-quotas' } });
  });

  it('composes the next screen with the cookies the action wrote: the mobile login’s second step shows the document of its first', async () => {
    const c = renderer();
    const identified = await c.action('auth/identify', { documento: persona('ana').document });
    expect(identified.body).toMatchObject({ kind: 'navigate', to: '/entrar-mobile', screen: { kind: 'screen' } });
    expect(screenText(identified.body.screen)).toContain('Entrando como 661.157.509-03');
    expect(identified.body.screen).toEqual((await c.screen('/entrar-mobile')).body);
  });

  it('brings nothing to a client that does not ask (a native wrapper of an older release, a script)', async () => {
    const res = await loginAs(client(stack.baseUrl), 'ana');
    expect(res.body).toEqual({ kind: 'navigate', to: '/groups-and-quotas', replace: true });
  });

  it('leaves a screen that fails to the client, which asks for it and gets its message; the action itself stands', async () => {
    const c = renderer();
    await stack.sandbox.fault({ path: 'cotas', status: 503 });
    const res = await loginAs(c, 'ana');
    expect(res.body).toEqual({ kind: 'navigate', to: '/groups-and-quotas', replace: true });
    const asked = await c.screen('/groups-and-quotas');
    expect(asked.body).toMatchObject({ title: 'Ops ;)' });
  });

  it('brings nothing with an error or with field errors', async () => {
    const c = renderer();
    const wrong = await c.action('auth/login', { modo: 'documento', documento: persona('ana').document, senha: '000000' });
    expect(wrong.body).not.toHaveProperty('screen');
    const short = await c.action('auth/login', { modo: 'documento', documento: persona('ana').document, senha: '1' });
    expect(short.body).not.toHaveProperty('screen');
  });
});
