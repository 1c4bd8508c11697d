import supertest from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../screens/contract/index.js';
import { STAFF_ROLES, type StaffRole } from '../../server/src/capabilities/ops/staff.js';
import { IDLE_MS } from '../../server/src/capabilities/ops/staff-sessions.js';
import { client } from '../helpers/api-client.js';
import { CONSOLE_HOST, consoleClient } from '../helpers/console-host.js';
import { useStack } from '../helpers/stack.js';
import { SANDBOX_STAFF } from '../../server/src/config.js';

// The console's password accounts (OPS_USERS, outside production): the door these tests knock at.
const stack = useStack({ OPS_USERS: SANDBOX_STAFF });

/** One operation of the console, as the OpenAPI description lists it. */
interface ConsoleRoute {
  method: 'get' | 'post';
  path: string;
  /** The roles it admits; null when it declares none. */
  roles: StaffRole[] | null;
}

/** The doors: the staff login, and leaving (a page that ends whatever session it finds), are the console routes anyone may call. */
const LOGIN = '/api/actions/ops/login';
const SIGN_OUT = '/api/ops/sair';
const DOORS = [LOGIN, SIGN_OUT];
const isConsolePath = (path: string) => path.startsWith('/api/actions/ops/') || path.startsWith('/api/ops/');
const SENT_TO_LOGIN = { kind: 'navigate', to: '/ops/entrar', replace: true };

let routes: ConsoleRoute[] = [];
beforeAll(async () => {
  // The routes as the server registered them: a console action added tomorrow is in this table.
  const doc = (await supertest(stack.baseUrl).get('/api/docs/json')).body as { paths: Record<string, Record<string, { 'x-console-roles'?: StaffRole[] }>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => isConsolePath(path) || op['x-console-roles'])
      .map(([method, op]) => ({ method: method as ConsoleRoute['method'], path, roles: op['x-console-roles'] ?? null })),
  );
});

/** Every console route but the staff login: each must refuse whoever its roles do not admit. */
const guarded = () => routes.filter((r) => !DOORS.includes(r.path));

/** A staff client of each role, logged in with the sandbox's accounts (OPS_USERS). */
async function staffOf(role: StaffRole) {
  const entry = SANDBOX_STAFF.split(',').find((account) => account.endsWith(`:${role}`));
  if (!entry) throw new Error(`no sandbox staff account with role ${role}`);
  const [login, senha] = entry.split(':');
  const c = consoleClient(stack.baseUrl);
  expect((await c.action('ops/login', { login, senha })).body).toEqual({ kind: 'navigate', to: '/ops', replace: true });
  return c;
}

/** The route called as a browser would, on the console's host, with an empty body (or none at all, or a broken one). */
function call(agent: ReturnType<typeof supertest.agent> | ReturnType<typeof supertest>, route: ConsoleRoute, body: string | null = '{}') {
  if (route.method === 'get') return agent.get(route.path).set('host', CONSOLE_HOST);
  const req = agent.post(route.path).set('host', CONSOLE_HOST).set(CSRF_HEADER, CSRF_HEADER_VALUE).set('content-type', 'application/json');
  return body === null ? req.send() : req.send(body);
}

/** A refusal says where to sign in or that the role is not enough — never which fields are missing. */
function expectNothingRevealed(body: Record<string, unknown>, label: string) {
  expect(body, label).not.toHaveProperty('errors');
  expect(Object.keys(body).sort(), label).toEqual(body.kind === 'navigate' ? ['kind', 'replace', 'to'] : ['kind', 'message', 'title']);
}

describe('the operations console checks the role before anything else, on every console route', () => {
  it('finds the console routes, and each but the staff login declares the roles it admits', () => {
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining([LOGIN, '/api/actions/ops/rollback', '/api/actions/ops/publish', '/api/ops/auditoria.csv']));
    expect(routes.length).toBeGreaterThan(10);
    const undeclared = routes.filter((r) => r.roles === null).map((r) => `${r.method} ${r.path}`);
    expect(undeclared.sort()).toEqual([`get ${SIGN_OUT}`, `post ${LOGIN}`]);
    for (const r of routes.filter((x) => x.roles)) for (const role of r.roles!) expect(STAFF_ROLES, `${r.path} admits ${role}`).toContain(role);
  });

  it('answers 401 with only the way to the staff login to a request without a console session, whatever its body', async () => {
    await stack.sandbox.clearCalls();
    const anonymous = supertest(stack.baseUrl);
    for (const route of guarded()) {
      for (const body of ['{}', null, '{"versao":', 'x'.repeat(300 * 1024)]) {
        const label = `${route.method} ${route.path} body ${body === null ? '(none)' : body.slice(0, 12)}`;
        const res = await call(anonymous, route, body);
        expect(res.status, label).toBe(401);
        expect(res.body, label).toEqual(SENT_TO_LOGIN);
        expect(res.headers['set-cookie'], label).toBeUndefined();
      }
    }
    expect(await stack.sandbox.calls()).toEqual([]);
  });

  it('answers a customer session 401 too: it is no console session', async () => {
    const ana = client(stack.baseUrl);
    const login = await ana.login('ana');
    // Her cookie never reaches the console's host by itself (a host-only cookie): carried there by hand.
    const sid = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((line) => line.startsWith('sid='))!.split(';')[0]!;
    await stack.sandbox.clearCalls();
    for (const route of guarded()) {
      const res = await call(supertest(stack.baseUrl), route).set('cookie', sid);
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
      expect(res.body, `${route.method} ${route.path}`).toEqual(SENT_TO_LOGIN);
    }
    expect(await stack.sandbox.calls()).toEqual([]);
  });

  it('answers 403 to each staff role on every console route that does not admit it, before reading the body', async () => {
    const version = stack.app.flows.version;
    let refusals = 0;
    for (const role of STAFF_ROLES) {
      const member = await staffOf(role);
      for (const route of guarded().filter((r) => !r.roles?.includes(role))) {
        for (const body of ['{}', null]) {
          const label = `${role} ${route.method} ${route.path} body ${body ?? '(none)'}`;
          const res = await call(member.agent, route, body);
          expect(res.status, label).toBe(403);
          expect(res.body.kind, label).toBe('error');
          expectNothingRevealed(res.body, label);
          refusals++;
        }
      }
    }
    // The viewer is refused publishing, the publisher approving: the roles do differ.
    expect(refusals).toBeGreaterThan(0);
    expect(stack.app.flows.version).toBe(version);
  });

  it('tells the viewer and the publisher why, in the console’s words', async () => {
    const viewer = await staffOf('viewer');
    const publish = await viewer.action('ops/publish', {});
    expect(publish.status).toBe(403);
    expect(publish.body.message).toMatch(/somente leitura/);
    const publisher = await staffOf('publisher');
    const approve = await publisher.action('ops/aprovar', {});
    expect(approve.status).toBe(403);
    expect(approve.body.message).toBe('Só o perfil de aprovação aprova publicações.');
  });

  it.each(STAFF_ROLES)('lets a %s past the guard on every route that admits the role (an empty body then meets the form’s own checks)', async (role) => {
    const admitted = routes.filter((r) => r.roles?.includes(role));
    expect(admitted.length).toBeGreaterThan(0);
    for (const route of admitted) {
      // A fresh login per route: the logout among them ends its own session.
      const member = await staffOf(role);
      const res = await call(member.agent, route);
      expect([401, 403], `${role} ${route.method} ${route.path}: ${JSON.stringify(res.body)}`).not.toContain(res.status);
    }
  });
});

describe('the staff cookie', () => {
  /** The console cookie a response sets: its value and attributes. */
  function staffCookie(res: { headers: Record<string, unknown> }) {
    const line = ([res.headers['set-cookie']].flat() as string[]).find((c) => c?.startsWith(`${stack.app.config.staffCookieName}=`));
    if (!line) return null;
    const [pair, ...attributes] = line.split(/;\s*/);
    return { value: pair!.split('=')[1], maxAge: Number(attributes.find((a) => /^max-age=/i.test(a))?.split('=')[1]), attributes };
  }

  it('lives exactly as long as the console session’s idle limit, and is renewed with the session on every console request', async () => {
    const c = consoleClient(stack.baseUrl);
    const login = staffCookie(await c.action('ops/login', { login: 'consulta', senha: 'consulta-sandbox' }));
    expect(login).not.toBeNull();
    expect(login!.maxAge * 1000).toBe(IDLE_MS);
    expect(login!.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/']));

    // A page of the console and an action each move the session's end, and the cookie's with it.
    for (const res of [await c.screen('/ops'), await c.action('ops/textos-busca', { busca: 'boleto' }), await c.get('/api/ops/auditoria.csv')]) {
      const renewed = staffCookie(res);
      expect(renewed?.value).toBe(login!.value);
      expect(renewed!.maxAge * 1000).toBe(IDLE_MS);
    }

    // Logging out drops it.
    const out = staffCookie(await c.action('ops/logout', {}));
    expect(out?.value).toBe('');
    expect((await c.screen('/ops')).body).toEqual({ schemaVersion: 1, kind: 'redirect', to: '/ops/entrar' });
  });

  it('is not renewed once the console session has ended', async () => {
    const c = await staffOf('viewer');
    await stack.app.db.query("UPDATE staff_sessions SET expires_at = now() - interval '1 second'");
    const res = await c.screen('/ops');
    expect(res.body).toEqual({ schemaVersion: 1, kind: 'redirect', to: '/ops/entrar' });
    expect(staffCookie(res)).toBeNull();
  });
});
