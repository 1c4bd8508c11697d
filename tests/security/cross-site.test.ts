/**
 * Every state-changing operation the server declares (its OpenAPI document: each action, each route
 * with a method other than GET, HEAD or OPTIONS) refuses a cross-site request before any work — 403,
 * no back-office call — to a customer in session and to a staff member whose role the operation
 * admits. Read from the document, so an operation added tomorrow is attacked the day it is added.
 */
import supertest from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../screens/contract/index.js';
import { client, type Agent } from '../helpers/api-client.js';
import { CONSOLE_HOST, consoleClient } from '../helpers/console-host.js';
import { useStack } from '../helpers/stack.js';
import { SANDBOX_STAFF } from '../../server/src/config.js';

// The console's password accounts (OPS_USERS, outside production): the door these tests knock at.
const stack = useStack({ OPS_USERS: SANDBOX_STAFF });

interface Operation {
  method: string;
  path: string;
  /** The staff roles a console operation admits; null for the customer's. */
  roles: string[] | null;
}

/** What a page of another site can make a browser send, and what each leaves out of a request of the app's own. */
const CROSS_SITE: Record<string, (req: supertest.Test) => supertest.Test> = {
  'without the custom header': (req) => req.set('content-type', 'application/json'),
  'as a form would (text/plain)': (req) => req.set(CSRF_HEADER, CSRF_HEADER_VALUE).set('content-type', 'text/plain'),
  'marked cross-site by the browser': (req) => req.set(CSRF_HEADER, CSRF_HEADER_VALUE).set('content-type', 'application/json').set('sec-fetch-site', 'cross-site'),
  'from a foreign Origin': (req) => req.set(CSRF_HEADER, CSRF_HEADER_VALUE).set('content-type', 'application/json').set('origin', 'https://evil.example'),
};

let operations: Operation[] = [];
const staff = new Map<string, Agent>();
let customer: Agent;

beforeAll(async () => {
  const doc = (await supertest(stack.baseUrl).get('/api/docs/json')).body as { paths: Record<string, Record<string, { 'x-console-roles'?: string[] }>> };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => !['get', 'head', 'options'].includes(method))
      .map(([method, op]) => ({ method, path: path.replace(/\{(\w+)\}/g, 'x'), roles: op['x-console-roles'] ?? null })),
  );
  const ana = client(stack.baseUrl);
  await ana.login('ana');
  customer = ana.agent;
  for (const account of SANDBOX_STAFF.split(',')) {
    const [login, senha, role] = account.split(':') as [string, string, string];
    const member = consoleClient(stack.baseUrl);
    expect((await member.action('ops/login', { login, senha })).body).toMatchObject({ kind: 'navigate', to: '/ops' });
    staff.set(role, member.agent);
  }
});

describe('cross-site requests', () => {
  it('finds the state-changing operations in the document: the actions, the console’s among them', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((op) => op.roles).length).toBeGreaterThan(10);
    expect(operations.every((op) => op.path.startsWith('/api/'))).toBe(true);
  });

  it.each(Object.keys(CROSS_SITE))('refuses every one %s, before any work', async (variant) => {
    const accepted: string[] = [];
    for (const op of operations) {
      const agent = op.roles ? staff.get(op.roles[0]!) : customer;
      if (!agent) throw new Error(`no staff account with role ${op.roles![0]}`);
      await stack.sandbox.clearCalls();
      // The console's operations answer on its own host only (a partner's answers 404 before any check).
      const onConsole = op.roles !== null || op.path.startsWith('/api/actions/ops/') || op.path.startsWith('/api/ops/');
      const asked = (agent as unknown as Record<string, (path: string) => supertest.Test>)[op.method]!(op.path);
      const req = CROSS_SITE[variant]!(onConsole ? asked.set('host', CONSOLE_HOST) : asked);
      const res = await req.send('{}');
      const calls = await stack.sandbox.calls();
      if (res.status !== 403 || calls.length) accepted.push(`${op.method.toUpperCase()} ${op.path}: ${res.status}, ${calls.length} back-office calls`);
    }
    expect(accepted).toEqual([]);
  });
});
