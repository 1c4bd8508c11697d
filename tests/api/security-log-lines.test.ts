import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import supertest from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import texts from '../../screens/texts/pt-BR.json' with { type: 'json' };
import { stdoutDestination } from '../../server/src/app.js';
import { client } from '../helpers/api-client.js';
import { consoleClient } from '../helpers/console-host.js';
import { capturedLogs } from '../helpers/captured-logs.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';
import { SANDBOX_STAFF } from '../../server/src/config.js';

/**
 * The log as a log processor and an investigator read it: JSON lines stamped in UTC, written to
 * standard output only, that no client input can split or forge; failures logged with what failed
 * and never the data, while the client gets a generic message. OWASP ASVS 5.0 V16.2, V16.3.4,
 * V16.4.1, V16.5.1; one `auth` line per authentication attempt on every pathway, V16.3.1.
 */
const ROOT = join(import.meta.dirname, '../..');
const logs = capturedLogs('info');
// One load balancer in front: the `auth` lines carry the client address it forwards.
// The console's password accounts (OPS_USERS, outside production): the door these tests knock at.
const stack = useStack({ TRUST_PROXY: '1', OPS_USERS: SANDBOX_STAFF }, { loggerInstance: logs.logger });
beforeEach(async () => {
  await stack.sandbox.clearFaults();
  logs.clear();
});

const lines = () =>
  logs
    .text()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('log lines', () => {
  it('stamps every line with the time in UTC epoch milliseconds, as JSON on standard output only', async () => {
    const before = Date.now();
    await client(stack.baseUrl).screen('/login');
    await client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: '529.982.247-25', senha: '000001' });
    const written = lines();
    expect(written.length).toBeGreaterThan(1);
    for (const line of written) {
      expect(typeof line.time).toBe('number');
      expect(line.time as number).toBeGreaterThanOrEqual(before - 1000);
      expect(line.time as number).toBeLessThanOrEqual(Date.now() + 1000);
    }
    // No file, transport or other destination: the process writes its log to stdout, the platform
    // collects it. The one destination made is standard output's (file descriptor 1).
    const elsewhere = sources('server/src').filter((path) => /pino\.transport\(|pino\.destination\((?!\{ dest: 1,)|pino\/file|createWriteStream|appendFile/.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(elsewhere).toEqual([]);
    const stdout = stdoutDestination() as unknown as { fd: number };
    expect(stdout.fd).toBe(1);
  });

  it('keeps what a client sends inside a JSON string: a line break in a path forges no line', async () => {
    const forged = `/x\n{"level":60,"msg":"linha forjada","time":1}\r\n{"level":60,"msg":"outra"}`;
    await client(stack.baseUrl).screen(forged);
    await supertest(stack.baseUrl).get(`/api/screens?path=${encodeURIComponent(forged)}`);
    const written = lines();
    expect(written.length).toBeGreaterThan(0);
    expect(written.filter((line) => line.msg === 'linha forjada' || line.msg === 'outra' || line.time === 1)).toEqual([]);
  });

  it('logs a back-office failure with its status and path, never its data, and tells the customer only the generic message', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    logs.clear();
    const internals = { message: 'Error: falhou\n    at Repo.find (/srv/core/repo.js:12:7)', detail: "SELECT * FROM cotas WHERE cpf = '52998224725'" };
    await stack.sandbox.fault({ method: 'GET', path: 'login/cota-selecionada', status: 500, body: internals });
    const home = await c.screen('/home');
    expect(home.status).toBeGreaterThanOrEqual(500);
    expect(home.body).toEqual({ kind: 'error', title: texts['erro.titulo'], message: texts['erro.generico'], retry: true });
    const failed = lines().filter((line) => line.msg === 'upstream call failed');
    expect(failed).toEqual([expect.objectContaining({ level: 40, status: 500, path: 'login/cota-selecionada' })]);
    for (const secret of ['Repo.find', '/srv/core', 'SELECT', '52998224725']) {
      expect(JSON.stringify(home.body)).not.toContain(secret);
      expect(logs.text()).not.toContain(secret);
    }
  });
});

/** The `auth` lines written so far, as pathway, outcome and reason; each checked for the client address, level and request id. */
function authLines(ip?: string) {
  const written = lines().filter((line) => line.category === 'security' && line.pathway);
  for (const line of written) {
    expect(line.level).toBe(line.outcome === 'success' ? 30 : 40);
    expect(typeof line.reqId).toBe('string');
    if (ip) expect(line.ip).toBe(ip);
    else expect(line.ip).toEqual(expect.any(String));
  }
  return written.map(({ pathway, outcome, reason }) => (reason === undefined ? { pathway, outcome } : { pathway, outcome, reason }));
}

/** Nothing typed or handed over appears in an `auth` line. */
function expectNoneOf(secrets: string[]) {
  const text = JSON.stringify(lines().filter((line) => line.category === 'security'));
  for (const secret of secrets) expect(text.includes(secret), `auth line contains ${secret.slice(0, 3)}…`).toBe(false);
}

describe('authentication attempts', () => {
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('logs each password login by document, by quota and in the mobile step, its outcome and reason, never the document or the password', async () => {
    const ana = persona('ana');
    const ip = '198.51.100.41';
    const c = client(stack.baseUrl);
    await c.action('auth/login', { modo: 'documento', documento: ana.document, senha: '000000' }).set(from(ip));
    await c.action('auth/login', { modo: 'documento', documento: ana.document, senha: ana.password }).set(from(ip));
    await client(stack.baseUrl).action('auth/login', { modo: 'cota', grupo: '1234', cota: '567', versao: '0', senha: '000000' }).set(from(ip));
    await client(stack.baseUrl).action('auth/login', { modo: 'cota', grupo: '1234', cota: '567', versao: '0', senha: '135790' }).set(from(ip));
    const mobile = client(stack.baseUrl);
    await mobile.action('auth/login', { modo: 'mobile', senha: ana.password }).set(from(ip));
    await mobile.action('auth/identify', { documento: ana.document }).set(from(ip));
    await mobile.action('auth/login', { modo: 'mobile', senha: ana.password }).set(from(ip));
    await client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: persona('lara').document, senha: persona('lara').password }).set(from(ip));
    expect(authLines(ip)).toEqual([
      { pathway: 'password-documento', outcome: 'failure', reason: 'wrong-password' },
      { pathway: 'password-documento', outcome: 'success' },
      { pathway: 'password-cota', outcome: 'failure', reason: 'wrong-password' },
      { pathway: 'password-cota', outcome: 'success' },
      { pathway: 'password-mobile', outcome: 'refused', reason: 'no-document' },
      { pathway: 'password-mobile', outcome: 'success' },
      { pathway: 'password-documento', outcome: 'success', reason: 'code-owed' },
    ]);

    // An account past its tries is refused before any check.
    logs.clear();
    const stranger = '111.444.777-35';
    for (let i = 0; i < 6; i++) await client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: stranger, senha: '123123' }).set(from('198.51.100.42'));
    expect(authLines('198.51.100.42').map((line) => line.reason)).toEqual([...Array(5).fill('wrong-password'), 'limit']);
    expectNoneOf([ana.document, ana.document.replace(/\D/g, ''), ana.password, persona('lara').document, stranger, '11144477735', '123123', '000000', '135790']);
  });

  it('logs each one-time code sent and checked: no code, wrong document, sent, too soon, wrong, right, never the code', async () => {
    const lara = persona('lara');
    const c = client(stack.baseUrl);
    await c.login('lara');
    logs.clear();
    await c.action('auth/otp-verify', { codigo: 'ZZZZ' });
    await c.action('auth/otp-confirm-document', { documento: '529.982.247-25' });
    await c.action('auth/otp-confirm-document', { documento: lara.document });
    await c.action('auth/otp-send', { canal: 'sms' });
    await c.action('auth/otp-verify', { codigo: 'ZZZZ' });
    const code = await stack.sandbox.lastCode();
    await c.action('auth/otp-verify', { codigo: code });
    await client(stack.baseUrl).action('auth/otp-verify', { codigo: code });
    expect(authLines()).toEqual([
      { pathway: 'otp-verify', outcome: 'failure', reason: 'no-code' },
      { pathway: 'otp-send', outcome: 'failure', reason: 'wrong-document' },
      { pathway: 'otp-send', outcome: 'success', reason: 'sms' },
      { pathway: 'otp-send', outcome: 'refused', reason: 'wait' },
      { pathway: 'otp-verify', outcome: 'failure', reason: 'wrong-code' },
      { pathway: 'otp-verify', outcome: 'success' },
      { pathway: 'otp-verify', outcome: 'refused', reason: 'no-login' },
    ]);
    expectNoneOf([code, 'ZZZZ', lara.document, lara.document.replace(/\D/g, ''), '529.982.247-25', '52998224725']);
  });

  it('logs each console login: wrong password, unknown login, limit, success with the staff member, never the password or an unknown login', async () => {
    const ip = '198.51.100.43';
    const login = (user: string, senha: string) => consoleClient(stack.baseUrl).action('ops/login', { login: user, senha }).set(from(ip));
    await login('consulta', 'senha-errada-1');
    await login('ninguem-na-equipe', 'senha-errada-2');
    await login('operacao', 'operacao-sandbox');
    for (let i = 0; i < 5; i++) await login('consulta', 'senha-errada-1');
    expect(authLines(ip)).toEqual([
      { pathway: 'console', outcome: 'failure', reason: 'wrong-password' },
      { pathway: 'console', outcome: 'failure', reason: 'unknown-login' },
      { pathway: 'console', outcome: 'success' },
      ...Array(4).fill({ pathway: 'console', outcome: 'failure', reason: 'wrong-password' }),
      { pathway: 'console', outcome: 'refused', reason: 'limit' },
    ]);
    expect(lines().filter((line) => line.event === 'staff.signed-in').map((line) => line.staff)).toEqual(['operacao']);
    expectNoneOf(['senha-errada', 'ninguem-na-equipe', 'operacao-sandbox']);
  });

  it('logs each transparent login: a token traded, replayed, unknown or malformed, never the token', async () => {
    const token = await stack.sandbox.transparentToken('ana');
    await supertest(stack.baseUrl).get(`/login-transparente/${token}`).redirects(0);
    await supertest(stack.baseUrl).get(`/login-transparente/${token}`).redirects(0);
    await supertest(stack.baseUrl).get('/login-transparente/naoexisteeste-token-aqui').redirects(0);
    await supertest(stack.baseUrl).get('/login-transparente/curto').redirects(0);
    expect(authLines()).toEqual([
      { pathway: 'transparent', outcome: 'success' },
      { pathway: 'transparent', outcome: 'refused', reason: 'replayed-token' },
      { pathway: 'transparent', outcome: 'failure', reason: 'wrong-token' },
      { pathway: 'transparent', outcome: 'refused', reason: 'malformed-token' },
    ]);
    expectNoneOf([token, 'naoexisteeste-token-aqui']);
  });

  it('logs each biometric unlock: outside a wrapper, not confirmed, unknown credential, success, never the credential', async () => {
    const ANDROID = { 'x-client-platform': 'android' };
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const secret = randomBytes(32).toString('base64url');
    await c.action('auth/reauthenticate', { senha: persona('ana').password, motivo: 'biometria' }).set(ANDROID);
    expect((await c.action('auth/biometrics-enrol', { resposta: { ok: true, credential: secret } }).set(ANDROID)).body).toMatchObject({ kind: 'snackbar' });
    await c.action('auth/logout');
    logs.clear();
    const other = randomBytes(32).toString('base64url');
    await c.action('auth/biometrics-unlock', { resposta: { ok: true, credential: secret } });
    await c.action('auth/biometrics-unlock', { resposta: { ok: false, reason: 'cancelled' } }).set(ANDROID);
    await client(stack.baseUrl).action('auth/biometrics-unlock', { resposta: { ok: true, credential: other } }).set(ANDROID);
    expect((await c.action('auth/biometrics-unlock', { resposta: { ok: true, credential: secret } }).set(ANDROID)).body).toEqual({ kind: 'navigate', to: '/home', replace: true });
    expect(authLines()).toEqual([
      { pathway: 'biometric', outcome: 'refused', reason: 'not-native' },
      { pathway: 'biometric', outcome: 'failure', reason: 'not-confirmed' },
      { pathway: 'biometric', outcome: 'failure', reason: 'unknown-credential' },
      { pathway: 'biometric', outcome: 'success' },
    ]);
    expectNoneOf([secret, other]);
  });
});
