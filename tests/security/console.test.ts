/**
 * Every console operation of the surface (ops/ actions, /api/ops/ routes), called by whoever it
 * must not serve: no staff session → 401, a customer's session → 401 or 403, a staff role it does
 * not admit → 403 — each before the body is read, so a refusal never lists missing fields. The
 * roles come from the OpenAPI (`x-console-roles`) where it declares them.
 */
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../screens/contract/index.js';
import { client } from '../helpers/api-client.js';
import { collectedStack, loggedIn } from './attacker.js';
import { has, readSurface, type Operation } from './surface.js';

const stack = await collectedStack();
const surface = await readSurface(stack.baseUrl);

type Role = 'viewer' | 'publisher' | 'approver';
/** The sandbox's staff accounts (OPS_USERS outside production), one per role. */
const STAFF: Record<Role, { login: string; senha: string }> = {
  viewer: { login: 'consulta', senha: 'consulta-sandbox' },
  publisher: { login: 'operacao', senha: 'operacao-sandbox' },
  approver: { login: 'aprovacao', senha: 'aprovacao-sandbox' },
};
/** The console session ends after this long idle: its cookie must not outlive it. */
const CONSOLE_IDLE_SECONDS = 15 * 60;

/** Roles each console operation admits, where the OpenAPI does not say: reading is for all, changing for publishers, approving for approvers. */
const FALLBACK_ROLES: Record<string, Role[]> = {
  'ops/galeria-exemplo': ['viewer', 'publisher', 'approver'],
  'ops/logout': ['viewer', 'publisher', 'approver'],
  'ops/analisar': ['viewer', 'publisher', 'approver'],
  'ops/textos-busca': ['viewer', 'publisher', 'approver'],
  'ops/discard': ['viewer', 'publisher', 'approver'],
  'GET /api/ops/auditoria.csv': ['viewer', 'publisher', 'approver'],
  'ops/draft': ['publisher', 'approver'],
  'ops/texto': ['publisher', 'approver'],
  'ops/tema': ['publisher', 'approver'],
  'ops/cards': ['publisher', 'approver'],
  'ops/publish': ['publisher', 'approver'],
  'ops/cancelar': ['publisher', 'approver'],
  'ops/rollback': ['publisher', 'approver'],
  'ops/aprovar': ['approver'],
};

const guarded = surface.operations.filter((op) => has(op, 'console') && op.key !== 'ops/login');
const rolesOf = (op: Operation): Role[] | undefined => {
  const declared = surface.openapi.paths[op.path]?.[op.method.toLowerCase()] as { 'x-console-roles'?: Role[] } | undefined;
  return declared?.['x-console-roles'] ?? FALLBACK_ROLES[op.key];
};

/** The operation called with a cookie (or none) and a body (an empty object, or broken JSON). */
function call(op: Operation, cookie: string | null, body = '{}') {
  const agent = supertest(stack.baseUrl);
  const req = op.method === 'GET' ? agent.get(op.path) : agent.post(op.path).set(CSRF_HEADER, CSRF_HEADER_VALUE).set('content-type', 'application/json');
  if (cookie) req.set('cookie', cookie);
  return op.method === 'GET' ? req : req.send(body);
}

const staffCookies = new Map<Role, Promise<string>>();
/** A console session of the role, one per file. */
function staffCookie(role: Role): Promise<string> {
  if (!staffCookies.has(role)) staffCookies.set(role, staffLogin(role));
  return staffCookies.get(role)!;
}
async function staffLogin(role: Role): Promise<string> {
  const res = await client(stack.baseUrl).action('ops/login', STAFF[role]);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => /ops_sid=/.test(c));
  if (!cookie) throw new Error(`staff login of ${role}: ${JSON.stringify(res.body)}`);
  return cookie.split(';')[0]!;
}

describe('the operations console', () => {
  it('knows the roles of every console operation', () => {
    expect(guarded.filter((op) => !rolesOf(op)).map((op) => op.key)).toEqual([]);
  });

  it.each(guarded.map((op) => op.key))('%s: 401 without a staff session, 401/403 with a customer’s, 403 to a role it does not admit — before the body', async (key) => {
    const op = guarded.find((o) => o.key === key)!;
    const { cookie: customer } = await loggedIn(stack, 'ana', { quota: false });
    const wrong: string[] = [];
    const expectRefusal = (who: string, res: { status: number; body: unknown }, statuses: number[]) => {
      if (!statuses.includes(res.status)) wrong.push(`${who}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      else if (res.body && typeof res.body === 'object' && 'errors' in res.body) wrong.push(`${who}: the refusal lists fields`);
    };
    for (const body of ['{}', '{"versao":']) {
      expectRefusal(`no session, body ${body}`, await call(op, null, body), [401]);
      expectRefusal(`customer session, body ${body}`, await call(op, customer, body), [401, 403]);
    }
    for (const role of (['viewer', 'publisher', 'approver'] as const).filter((r) => !rolesOf(op)!.includes(r))) {
      expectRefusal(`${role}`, await call(op, await staffCookie(role), '{}'), [403]);
    }
    expect(wrong).toEqual([]);
  });

  it('gives the staff a cookie that lives no longer than the console session', async () => {
    const res = await client(stack.baseUrl).action('ops/login', STAFF.publisher);
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => /ops_sid=/.test(c))!;
    const maxAge = Number(/Max-Age=(\d+)/i.exec(cookie)?.[1] ?? Number.POSITIVE_INFINITY);
    expect(maxAge).toBeLessThanOrEqual(CONSOLE_IDLE_SECONDS);
  });
});
