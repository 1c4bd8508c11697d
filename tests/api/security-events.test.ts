import { readFileSync } from 'node:fs';
import supertest from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../server/src/security/login-throttle.js';
import { SECURITY_EVENTS } from '../../server/src/security/security-events.js';
import { pseudonym } from '../../server/src/storage/pseudonym.js';
import { client } from '../helpers/api-client.js';
import { consoleClient } from '../helpers/console-host.js';
import { capturedLogs } from '../helpers/captured-logs.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';
import { staffClient as signedInStaff } from '../helpers/staff-sign-in.js';

/**
 * Every security event an operator alerts on leaves one line with its stable `event` name, the
 * request id and the client address; the customer only as a keyed pseudonym. Each event is driven
 * here as a person (or an attacker) would cause it, and its line read back.
 */
const logs = capturedLogs('info');
const COOKIE_SECRET = 'q8F3vL1xZ7pR2mN9tK4wY6cH0jB5sD8gA3eU1iO7';
const stack = useStack({ TRUST_PROXY: '1', OPS_REQUIRE_APPROVAL: 'true', COOKIE_SECRET, ALLOWED_HOSTS: 'localhost,horizonte.localhost' }, { loggerInstance: logs.logger });
beforeEach(() => logs.clear());

type Line = Record<string, unknown>;
const events = (name?: string): Line[] =>
  logs
    .text()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => line.category === 'security' && (name === undefined || line.event === name));

/** The one line of `name` written so far, checked for what every security line carries. */
function only(name: string): Line {
  const lines = events(name);
  expect(lines, `${name} lines`).toHaveLength(1);
  const line = lines[0]!;
  expect(typeof line.reqId).toBe('string');
  expect(line.ip).toEqual(expect.any(String));
  return line;
}

const ana = persona('ana');
const subjectOf = (partnerId: number, document: string) => pseudonym(stack.app.config.subjectKey, partnerId, document.replace(/\D/g, ''));

async function staff(login: string, _senha: string) {
  return signedInStaff(stack.baseUrl, login);
}

describe('security events', () => {
  it('names a customer’s login succeeded, failed and blocked by a pseudonym, the same for every line about them, never the CPF', async () => {
    await client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: ana.document, senha: '000000' });
    const failed = only('login.failed');
    await client(stack.baseUrl).login('ana');
    const succeeded = only('login.succeeded');
    expect(failed.subject).toBe(subjectOf(1, ana.document));
    expect(succeeded.subject).toBe(failed.subject);
    expect(String(failed.subject)).toMatch(/^[\w-]{22}$/);

    const ulisses = persona('ulisses');
    const throttle = new LoginThrottle(stack.app.counters);
    for (let i = 0; i < 10; i++) await throttle.failed(ulisses.document.replace(/\D/g, ''), `10.0.0.${i}`);
    await client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: ulisses.document, senha: ulisses.password });
    const blocked = only('login.blocked');
    expect(blocked.subject).toBe(subjectOf(1, ulisses.document));
    expect(blocked.subject).not.toBe(succeeded.subject);
    const text = logs.text();
    for (const secret of [ana.document, ana.document.replace(/\D/g, ''), ulisses.document.replace(/\D/g, ''), ana.password, '000000', 'Ana']) expect(text).not.toContain(secret);
  });

  it('logs a code sent, a wrong code and a code past its lifetime', async () => {
    const lara = persona('lara');
    const c = client(stack.baseUrl);
    await c.login('lara');
    await c.action('auth/otp-confirm-document', { documento: lara.document });
    await c.action('auth/otp-send', { canal: 'sms' });
    expect(only('code.sent').subject).toBe(subjectOf(1, lara.document));
    await c.action('auth/otp-verify', { codigo: 'ZZZZ' });
    only('code.wrong');
    const session = (await stack.app.sessions.get(c.agent.jar.getCookie('sid', { domain: 'localhost', path: '/', secure: false, script: false } as never)!.value))!;
    await stack.app.sessions.patch(session, { mfa: { ...session.data.mfa!, sentAt: Date.now() - 60 * 60_000 } });
    await c.action('auth/otp-verify', { codigo: await stack.sandbox.lastCode() });
    only('code.expired');
  });

  it('logs a limit reached and a one-use token replayed', async () => {
    const stranger = '111.444.777-35';
    for (let i = 0; i < 6; i++) await client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: stranger, senha: '123123' }).set('x-forwarded-for', '198.51.100.77');
    expect(only('limit.reached')).toMatchObject({ reason: 'limit', ip: '198.51.100.77' });
    const token = await stack.sandbox.transparentToken('ana');
    await supertest(stack.baseUrl).get(`/login-transparente/${token}`).redirects(0);
    await supertest(stack.baseUrl).get(`/login-transparente/${token}`).redirects(0);
    only('token.replayed');
    expect(logs.text()).not.toContain(token);
  });

  it('logs each access refused: ownership, guard, partner, host and role', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    await c.action('slips/generate', { processo: 'p', cobranca: '999999-001' });
    expect(only('access.refused')).toMatchObject({ reason: 'ownership', target: 'instalment', subject: subjectOf(1, ana.document) });

    logs.clear();
    const token = await stack.sandbox.transparentToken('ana');
    const transparent = supertest.agent(stack.baseUrl);
    await transparent.get(`/login-transparente/${token}`).redirects(0);
    await transparent.get('/api/screens').query({ path: '/alterarsenha/atual' });
    expect(only('access.refused')).toMatchObject({ reason: 'guard:transparent-login', target: '/alterarsenha/atual' });

    logs.clear();
    const cookie = c.agent.jar.getCookie('sid', { domain: 'localhost', path: '/', secure: false, script: false } as never)!;
    await supertest(stack.baseUrl).get('/api/screens').query({ path: '/home' }).set('host', `horizonte.localhost:${stack.port}`).set('cookie', `sid=${cookie.value}`);
    expect(only('access.refused')).toMatchObject({ reason: 'partner', subject: subjectOf(1, ana.document) });

    logs.clear();
    await supertest(stack.baseUrl).get('/api/screens').query({ path: '/login' }).set('host', 'evil.example');
    expect(only('access.refused')).toMatchObject({ reason: 'host', target: 'evil.example' });

    logs.clear();
    const viewer = await staff('consulta', 'consulta-sandbox');
    await viewer.action('ops/rollback', { versao: 1, base: 2 });
    expect(only('access.refused')).toMatchObject({ reason: 'role', staff: 'consulta' });
  });

  it('logs a session ended by its customer, and the staff’s sign-in, sign-out, publish, approval and rollback by name', async () => {
    const c = client(stack.baseUrl);
    await c.login('ana');
    logs.clear();
    await c.action('auth/logout');
    expect(only('session.ended')).toMatchObject({ reason: 'customer', subject: subjectOf(1, ana.document) });

    const maria = await staff('operacao', 'operacao-sandbox');
    expect(only('staff.signed-in').staff).toBe('operacao');
    const table = structuredClone(stack.app.flows.bundle.definitions.find((d) => d.id === 'refund-screen')) as unknown as { rows: Array<{ then: unknown }> };
    table.rows[1]!.then = '/devolucao/filiais';
    await maria.action('ops/draft', { id: 'refund-screen', conteudo: JSON.stringify(table) });
    const asked = await maria.action('ops/publish', { comentario: 'Filiais primeiro' });
    const id = Number(/#(\d+)/.exec(asked.body.message)![1]);
    expect(only('flow.published')).toMatchObject({ staff: 'operacao', reason: 'awaits-approval', target: `pedido-${id}` });
    const joao = await staff('aprovacao', 'aprovacao-sandbox');
    await maria.action('ops/aprovar', { pedido: id });
    expect(events('access.refused').at(-1)).toMatchObject({ reason: 'role', staff: 'operacao' });
    await joao.action('ops/aprovar', { pedido: id });
    expect(only('flow.approved')).toMatchObject({ staff: 'aprovacao', target: `pedido-${id}` });
    const version = stack.app.flows.version;
    await joao.action('ops/rollback', { versao: version - 1, base: version });
    expect(only('flow.rolled-back').staff).toBe('aprovacao');
    await maria.action('ops/logout');
    expect(only('staff.signed-out').staff).toBe('operacao');
  });

  it('are each listed in docs/operations.md with what an alert on them means', () => {
    const guide = readFileSync('docs/operations.md', 'utf8');
    for (const name of Object.keys(SECURITY_EVENTS)) expect(guide, name).toContain(`\`${name}\``);
  });
});
