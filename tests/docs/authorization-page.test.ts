import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { ROLES_FOR, STAFF_ROLES } from '../../server/src/capabilities/ops/staff.js';
import { loadConfig } from '../../server/src/config.js';

const PAGE = 'docs/authorization.md';
const page = () => readFileSync(PAGE, 'utf8');
const named = (name: string) => page().includes(`\`${name}\``);

let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  app = await buildApp(loadConfig({ APP_ENV: 'test', UPSTREAM_URL: 'http://127.0.0.1:9', DATA_DIR: ':memory:', LOG_LEVEL: 'silent', FLOWS_POLL_MS: '0' }), { logger: false });
  await app.ready();
});
afterAll(async () => app?.close());

interface Route {
  path: string;
  access?: string;
  roles?: string;
  [flag: string]: unknown;
}

describe('docs/authorization.md: who may reach what', () => {
  it('names every flag and access value of the route table', () => {
    const routes = (JSON.parse(readFileSync('screens/routes.json', 'utf8')) as { routes: Route[] }).routes;
    const flags = new Set(routes.flatMap((r) => Object.keys(r)).filter((k) => !['path', 'screen', 'redirect', 'access'].includes(k)));
    const access = new Set(routes.map((r) => r.access).filter((a): a is string => a !== undefined));
    expect([...flags].length).toBeGreaterThanOrEqual(5);
    expect([...flags, ...access].filter((name) => !named(name))).toEqual([]);
  });

  it('names every outcome of the guard’s decision table', () => {
    const guard = JSON.parse(readFileSync('screens/flows/guard.json', 'utf8')) as { rows: Array<{ then: string }>; default: { then: string } };
    const outcomes = new Set([...guard.rows.map((r) => r.then)].filter((t) => t !== 'allow'));
    expect([...outcomes].filter((o) => !named(o))).toEqual([]);
  });

  it('names every staff role and every set of roles a console action or page admits', () => {
    const consoleRoutes = (JSON.parse(readFileSync('screens/console/routes.json', 'utf8')) as { routes: Route[] }).routes;
    const admitted = new Set([...app.actions.list().values()].flatMap((a) => (a.consoleRoles ? [a.consoleRoles] : [])));
    const sets = Object.entries(ROLES_FOR).filter(([, roles]) => admitted.has(roles)).map(([name]) => name);
    const pageSets = consoleRoutes.map((r) => r.roles ?? 'staff');
    const unknownSets = [...admitted].filter((roles) => !Object.values(ROLES_FOR).includes(roles as never));
    expect(unknownSets, 'console actions admit a set of roles ROLES_FOR does not name').toEqual([]);
    expect([...STAFF_ROLES, ...sets, ...pageSets].filter((name) => !named(name))).toEqual([]);
    expect(page()).toContain('x-console-roles');
  });

  it('cites an attacker test for every kind of caller and every field rule, and each exists', () => {
    const rows = page()
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| caller') && !line.startsWith('|---'));
    expect(rows.length).toBeGreaterThanOrEqual(15);
    for (const row of rows) expect(row, row.slice(0, 60)).toMatch(/`tests\/(security|api)\/[\w-]+\.test\.ts`/);
    for (const [, file] of page().matchAll(/`(tests\/[\w/-]+\.test\.ts)`/g)) expect(existsSync(file!), file).toBe(true);
  });
});
