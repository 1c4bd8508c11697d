import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findAll } from '../helpers/api-client.js';
import { consolePages } from '../helpers/console-pages.js';
import { useStack } from '../helpers/stack.js';
import { staffClient } from '../helpers/staff-sign-in.js';

/**
 * Every console page a signed-in staff member opens shows the way out ("Sair do console", which
 * ends the staff session at /api/ops/sair): each route of the console's table, a refused page and
 * a missing one. OWASP ASVS 5.0 V7.4.4.
 */
const stack = useStack();
const ROOT = join(import.meta.dirname, '../..');
const table = JSON.parse(readFileSync(join(ROOT, 'screens/console/routes.json'), 'utf8')) as { routes: Array<{ path: string }> };

/** Every address the console's route table names (a definition's page once per definition), and the helper's extra ones. */
function everyConsoleAddress(): string[] {
  const ids = stack.app.flows.bundle.definitions.map((d) => d.id);
  const fromTable = table.routes.flatMap((r) => (r.path.includes(':id') ? ids.map((id) => r.path.replace(':id', id)) : [r.path]));
  return [...new Set([...fromTable, ...consolePages(stack)])];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const logoutIn = (layout: any[]) => findAll(layout, (n) => n.type === 'button' && n.label === 'Sair do console' && n.action?.type === 'navigate' && n.action.to === '/api/ops/sair');

describe('the console shows logout on every page', () => {
  it('draws "Sair do console" on every console route, for a publisher, a viewer and an approver', async () => {
    const addresses = everyConsoleAddress();
    expect(addresses.length).toBeGreaterThan(table.routes.length);
    const lacking: string[] = [];
    for (const login of ['operacao', 'consulta', 'aprovacao']) {
      const c = await staffClient(stack.baseUrl, login);
      for (const path of addresses) {
        let res = await c.screen(path);
        // A page with nothing to show (the draft's, with no draft) sends the staff member on: the page it names is checked.
        if (res.body.kind === 'redirect') res = await c.screen(res.body.to);
        expect(res.status, path).toBe(200);
        expect(res.body.kind, path).toBe('screen');
        if (logoutIn(res.body.layout).length !== 1) lacking.push(`${login} ${path} (${res.body.screen})`);
      }
    }
    expect(lacking).toEqual([]);
  });

  it('ends the staff session through that control', async () => {
    const c = await staffClient(stack.baseUrl, 'consulta');
    const out = await c.get('/api/ops/sair').redirects(0);
    expect(out.status).toBeGreaterThanOrEqual(300);
    expect(out.status).toBeLessThan(400);
    expect((await c.screen('/ops')).body).toMatchObject({ kind: 'redirect', to: '/ops/entrar' });
  });
});
