import supertest from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { consoleSettings } from '../../sandbox/src/identity-provider/console-client.js';
import { startIdentityProvider, type IdentityProvider } from '../../sandbox/src/identity-provider/index.js';
import { screenText } from '../helpers/api-client.js';
import { CONSOLE_HOST } from '../helpers/console-host.js';
import { startStack, useStack, type Stack } from '../helpers/stack.js';
import { signInAtProvider, staffClient } from '../helpers/staff-sign-in.js';

/**
 * Staff sign in to the console at the identity provider (here the sandbox's, as with npm start):
 * password and authenticator code there, the console's session here. What the provider says of
 * them later counts: a staff member demoted or removed there loses the role, or the console,
 * within OPS_ROLE_CHECK_SECONDS (5 minutes), and no session outlives 8 hours however active.
 */
const stack = useStack();
const MINUTE = 60_000;

/** A publisher-only action with a body no request matches: a publisher is answered, a viewer refused before the body is read. */
const publisherTry = (c: Awaited<ReturnType<typeof staffClient>>) => c.action('ops/cancelar', { pedido: 999_999 });

describe('staff sign-in at the identity provider', () => {
  afterEach(() => {
    vi.useRealTimers();
    stack.identityProvider!.directory.setGroups('operacao', ['console-publicacao']);
    stack.identityProvider!.directory.setGroups('consulta', ['console-leitura']);
  });

  it('opens the console for a staff member who gave password and authenticator code, with the role of their groups', async () => {
    const c = await staffClient(stack.baseUrl, 'operacao');
    const home = await c.screen('/ops');
    expect(home.body.kind).toBe('screen');
    expect(screenText(home.body)).toContain('operacao · pode publicar');
    expect((await publisherTry(c)).status).toBe(200);
  });

  it('shows the sign-in page with the provider’s button, and why a sign-in was refused', async () => {
    const page = await supertest(stack.baseUrl).get('/api/screens').query({ path: '/ops/entrar?erro=segundo-fator' }).set('host', CONSOLE_HOST);
    const text = screenText(page.body);
    expect(text).toContain('Entrar com a conta da equipe');
    expect(text).toContain('não confirmou um segundo fator');
    expect(JSON.stringify(page.body)).not.toContain('"senha"');
  });

  it('refuses a staff member in no console group', async () => {
    stack.identityProvider!.directory.setGroups('consulta', ['financeiro']);
    expect(await signInAtProvider(stack.baseUrl, 'consulta')).toMatchObject({ cookie: null, landed: '/ops/entrar?erro=sem-perfil' });
  });

  it('takes the higher role away within 5 minutes of a demotion at the provider', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const c = await staffClient(stack.baseUrl, 'operacao');
    stack.identityProvider!.directory.setGroups('operacao', ['console-leitura']);
    vi.setSystemTime(Date.now() + 4 * MINUTE);
    expect((await publisherTry(c)).status).toBe(200);
    vi.setSystemTime(Date.now() + MINUTE + 1000);
    expect((await publisherTry(c)).status).toBe(403);
    expect(screenText((await c.screen('/ops')).body)).toContain('operacao · somente leitura');
  });

  it('ends the console session within 5 minutes of a removal at the provider', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const c = await staffClient(stack.baseUrl, 'consulta');
    stack.identityProvider!.directory.setGroups('consulta', []);
    vi.setSystemTime(Date.now() + 5 * MINUTE + 1000);
    const refused = await c.get('/api/ops/auditoria.csv');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ kind: 'navigate', to: '/ops/entrar', replace: true });
    stack.identityProvider!.directory.setGroups('consulta', ['console-leitura']);
    expect((await c.get('/api/ops/auditoria.csv')).status).toBe(401);
  });

  it('ends a session 8 hours after sign-in however active it stays', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const c = await staffClient(stack.baseUrl, 'consulta');
    const start = Date.now();
    while (Date.now() - start < 8 * 60 * MINUTE - 15 * MINUTE) {
      vi.setSystemTime(Date.now() + 14 * MINUTE);
      expect((await c.get('/api/ops/auditoria.csv')).status).toBe(200);
    }
    vi.setSystemTime(start + 8 * 60 * MINUTE + MINUTE);
    expect((await c.get('/api/ops/auditoria.csv')).status).toBe(401);
  });

  it('signs out at the provider too: its end-session address with the ID token and the way back', async () => {
    const c = await staffClient(stack.baseUrl, 'operacao');
    const out = await c.get('/api/ops/sair').redirects(0);
    expect(out.status).toBe(303);
    const end = new URL(out.headers.location!);
    expect(end.origin).toBe(stack.identityProvider!.issuer);
    expect(end.pathname).toBe('/session/end');
    expect(end.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // Back to the console's sign-in page, on the host the browser used.
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`http://${CONSOLE_HOST}/ops/entrar`);
    expect((await c.get('/api/ops/auditoria.csv')).status).toBe(401);
    // The provider accepts it (the ID token names the console): its page confirms the sign-out by itself.
    const provider = await fetch(end, { redirect: 'manual' });
    expect(provider.status).toBe(200);
    const body = await provider.text();
    expect(body).toContain(`action="${stack.identityProvider!.issuer}/session/end/confirm"`);
    expect(body).toContain('name="logout" value="yes"');
  });
});

describe('a provider that signs staff in without a second factor', () => {
  let lax: IdentityProvider;
  let laxStack: Stack;
  beforeAll(async () => {
    lax = await startIdentityProvider({ askCode: false });
    laxStack = await startStack(consoleSettings(lax.issuer));
  });
  afterAll(async () => {
    await laxStack?.close();
    await lax?.close();
  });

  it('is refused: the console opens only after a second factor (amr otp, mfa or hwk, or an MFA acr)', async () => {
    expect(await signInAtProvider(laxStack.baseUrl, 'aprovacao', { code: null })).toMatchObject({ cookie: null, landed: '/ops/entrar?erro=segundo-fator' });
  });
});
