import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { client, findAll } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { NEWEST_GRANT_SCHEME, sealGrant } from '../../server/src/storage/biometric-credentials.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const ANDROID = { 'x-client-platform': 'android' };
const credential = () => randomBytes(32).toString('base64url');

type Client = ReturnType<typeof client>;
const inWrapper = (c: Client, name: string, body: unknown) => c.action(name, body).set(ANDROID);
const unlockButton = (doc: { layout: unknown[] }) => findAll(doc.layout, (n) => n.id === 'entrar-biometria')[0];
/** Turning biometrics on or off asks for the password again first (tests/api/customer-sessions.test.ts tests it). */
async function passwordAgain(c: Client, key: string) {
  expect((await inWrapper(c, 'auth/reauthenticate', { senha: persona(key).password, motivo: 'biometria' })).body.to).toBe('/biometria');
}

async function enrolled(key = 'ana') {
  const c = client(stack.baseUrl);
  await c.loginWithQuota(key);
  await passwordAgain(c, key);
  const secret = credential();
  const res = await inWrapper(c, 'auth/biometrics-enrol', { resposta: { ok: true, credential: secret } });
  expect(res.body).toMatchObject({ kind: 'snackbar', to: '/home' });
  await c.action('auth/logout');
  return { c, secret };
}

describe('biometric login inside a native wrapper', () => {
  it('enrols after a password login, offers the unlock on the next visit and opens a session without the password', async () => {
    const { c, secret } = await enrolled();
    const rows = await stack.app.db.query<{ credential_hash: string; sealed: string }>('SELECT credential_hash, sealed FROM biometric_credentials');
    // Only a hash and a sealed grant: neither the credential nor the password nor a token in clear.
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(JSON.stringify(rows)).not.toContain('refresh');

    const login = await c.screen('/login', ANDROID);
    expect(unlockButton(login.body).action).toMatchObject({ type: 'bridge', method: 'biometrics', args: { unlock: true }, then: { action: 'auth/biometrics-unlock' }, otherwise: { to: '/entrar?biometria=falhou' } });
    // Outside a wrapper the option is absent even with the cookie.
    expect(unlockButton((await c.screen('/login')).body)).toBeUndefined();

    const unlock = await inWrapper(c, 'auth/biometrics-unlock', { resposta: { ok: true, credential: secret } });
    expect(unlock.body).toEqual({ kind: 'navigate', to: '/home', replace: true });
    expect((await c.screen('/home')).body.screen).toBe('home');
    await c.action('auth/logout');
    // The sealed refresh token rotated into a family of its own: the next visit unlocks again.
    expect((await inWrapper(c, 'auth/biometrics-unlock', { resposta: { ok: true, credential: secret } })).body.to).toBe('/home');
  });

  it('unlocks with a grant sealed under the older scheme and seals it again with the newest (OWASP ASVS 5.0 V11.2.2)', async () => {
    const { c, secret } = await enrolled();
    // The grant as the first scheme sealed it (bare base64, HKDF info grant-v1), put back in its row.
    const hash = createHash('sha256').update(secret, 'utf8').digest('hex');
    const record = await stack.app.biometrics.find(secret);
    expect(record?.scheme).toBe(NEWEST_GRANT_SCHEME);
    await stack.app.db.query('UPDATE biometric_credentials SET sealed = $2 WHERE credential_hash = $1', [hash, sealGrant(secret, record!.grant, 1)]);
    expect((await stack.app.biometrics.find(secret))?.scheme).toBe(1);
    expect((await inWrapper(c, 'auth/biometrics-unlock', { resposta: { ok: true, credential: secret } })).body).toEqual({ kind: 'navigate', to: '/home', replace: true });
    const [row] = await stack.app.db.query<{ sealed: string }>('SELECT sealed FROM biometric_credentials WHERE credential_hash = $1', [hash]);
    expect(row!.sealed.startsWith('grant.v2.')).toBe(true);
    expect((await stack.app.biometrics.find(secret))?.scheme).toBe(NEWEST_GRANT_SCHEME);
    await c.action('auth/logout');
    expect((await inWrapper(c, 'auth/biometrics-unlock', { resposta: { ok: true, credential: secret } })).body.to).toBe('/home');
  });

  it('sends a failed, cancelled, unknown or revoked credential back to the password screen', async () => {
    const { c, secret } = await enrolled();
    expect((await inWrapper(c, 'auth/biometrics-unlock', { resposta: { ok: false, reason: 'cancelled' } })).body.to).toBe('/entrar?biometria=falhou');
    expect((await inWrapper(c, 'auth/biometrics-unlock', { resposta: { ok: true, credential: 'short' } })).body.to).toBe('/entrar?biometria=falhou');
    expect((await c.action('auth/biometrics-unlock', { resposta: { ok: true, credential: secret } })).body.to).toBe('/entrar?biometria=falhou');
    const entrar = await c.screen('/entrar?biometria=falhou', ANDROID);
    expect(findAll(entrar.body.layout, (n) => n.id === 'biometria-falhou')[0].text).toBe('Não foi possível confirmar sua biometria. Digite sua senha para entrar.');

    // Turned off from /biometria: every credential of the customer is revoked.
    await c.loginWithQuota('ana');
    await passwordAgain(c, 'ana');
    const page = await c.screen('/biometria', ANDROID);
    expect(findAll(page.body.layout, (n) => n.id === 'desativar-biometria')[0].action.action).toBe('auth/biometrics-disable');
    expect((await inWrapper(c, 'auth/biometrics-disable', {})).body.kind).toBe('snackbar');
    await c.action('auth/logout');
    expect((await inWrapper(c, 'auth/biometrics-unlock', { resposta: { ok: true, credential: secret } })).body.to).toBe('/entrar?biometria=falhou');
    expect(unlockButton((await c.screen('/login', ANDROID)).body)).toBeUndefined();

    // A credential nobody enrolled: the device forgets the option too.
    const other = await enrolled('ana');
    expect(unlockButton((await other.c.screen('/login', ANDROID)).body)).toBeDefined();
    expect((await inWrapper(other.c, 'auth/biometrics-unlock', { resposta: { ok: true, credential: credential() } })).body.to).toBe('/entrar?biometria=falhou');
    expect(unlockButton((await other.c.screen('/login', ANDROID)).body)).toBeUndefined();
  });

  it('refuses enrolment outside a wrapper and without a well-formed credential', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    await passwordAgain(c, 'ana');
    expect((await c.action('auth/biometrics-enrol', { resposta: { ok: true, credential: credential() } })).body).toMatchObject({ kind: 'navigate', to: '/indisponivel' });
    expect((await inWrapper(c, 'auth/biometrics-enrol', { resposta: { ok: true } })).body).toMatchObject({ kind: 'navigate', to: '/biometria?falhou=1' });
    // A renderer that does not carry the answer yet: the web path, not an error.
    expect((await inWrapper(c, 'auth/biometrics-enrol', {})).body).toMatchObject({ kind: 'navigate', to: '/biometria?falhou=1' });
    expect((await inWrapper(client(stack.baseUrl), 'auth/biometrics-unlock', {})).body).toMatchObject({ kind: 'navigate', to: '/entrar?biometria=falhou' });
    expect((await inWrapper(c, 'auth/biometrics-enrol', { resposta: { ok: false, reason: 'cancelled' } })).body).toMatchObject({ kind: 'navigate', to: '/biometria?falhou=1' });
  });

  it('lets one of two simultaneous unlocks with the same credential through; the other types the password and the credential lives on', async () => {
    const { secret } = await enrolled('bruno');
    // The first unlock is held inside its token refresh (the back office answers slowly) while the
    // second arrives: on a busy machine two requests sent together may otherwise run one after the other.
    await stack.sandbox.clearCalls();
    await stack.sandbox.fault({ method: 'POST', path: 'login/refresh', delayMs: 3_000, times: 1 });
    const first = inWrapper(client(stack.baseUrl), 'auth/biometrics-unlock', { resposta: { ok: true, credential: secret } }).then((r) => r);
    await expect.poll(async () => (await stack.sandbox.calls()).some((call) => call.path === 'login/refresh')).toBe(true);
    const second = await inWrapper(client(stack.baseUrl), 'auth/biometrics-unlock', { resposta: { ok: true, credential: secret } });
    expect(second.body.to).toBe('/entrar?biometria=falhou');
    expect((await first).body.to).toBe('/home');
    const again = client(stack.baseUrl);
    expect((await inWrapper(again, 'auth/biometrics-unlock', { resposta: { ok: true, credential: secret } })).body.to).toBe('/home');
  });

  it('asks for a new enrolment after a password change', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('carla');
    await passwordAgain(c, 'carla');
    const secret = credential();
    await inWrapper(c, 'auth/biometrics-enrol', { resposta: { ok: true, credential: secret } });
    expect(await stack.app.biometrics.find(secret)).not.toBeNull();
    expect((await c.action('auth/password-current', { senhaAtual: persona('carla').password, origem: 'perfil' })).body.kind).toBe('navigate');
    expect((await c.action('auth/password-new', { novaSenha: '583920', confirmacao: '583920', origem: 'perfil' })).body.kind).toBe('snackbar');
    expect(await stack.app.biometrics.find(secret)).toBeNull();
    await c.action('auth/logout');
    expect((await inWrapper(c, 'auth/biometrics-unlock', { resposta: { ok: true, credential: secret } })).body.to).toBe('/entrar?biometria=falhou');
  });
});
