import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

/**
 * Property-based fuzzing (fast-check): whatever the path, headers, action body or upstream
 * answer, the server never answers a 500. Runs are bounded (a few hundred cases in all).
 */
const stack = useStack();
let c: ReturnType<typeof client>;

beforeAll(async () => {
  c = client(stack.baseUrl);
  await c.loginWithQuota('ana');
});

const headerValue = fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''));

describe('fuzzing', () => {
  it('GET /api/screens never answers 500, for arbitrary paths and headers', async () => {
    const path = fc.oneof(
      fc.webPath(),
      fc.string({ maxLength: 60 }).map((s) => `/${s}`),
      fc.constantFrom('//', '/%', '/%zz', '//a/b', '/home?voltar=//evil', '/\\evil', '/faturamento/../home', ''),
    );
    await fc.assert(
      fc.asyncProperty(path, fc.dictionary(fc.constantFrom('x-renderer-capabilities', 'x-client-platform', 'x-client-app-version', 'x-renderer-version', 'accept-language', 'x-forwarded-for'), headerValue, { maxKeys: 3 }), async (p, headers) => {
        const res = await c.screen(p, headers);
        expect(res.status, `${p} ${JSON.stringify(headers)}`).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it('no action answers 500, for arbitrary JSON bodies', async () => {
    const names = stack.app.actions.names().filter((n) => n !== 'auth/logout');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), fc.oneof(fc.object({ maxDepth: 2 }), fc.jsonValue({ maxDepth: 2 })), async (name, body) => {
        const res = await c.action(name, body);
        expect(res.status, `${name} ${JSON.stringify(body).slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });

  it('home never answers 500 whatever JSON the back office answers with status 200', async () => {
    const paths = ['login/cota-selecionada', 'parceiros/1/warnings', 'util/datahoraatual', 'salesforce/consulta/casos', 'core/faturamento-credito/status', 'cotas/*'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.jsonValue({ maxDepth: 3 }), async (path, body) => {
        await stack.sandbox.clearFaults();
        await stack.sandbox.fault({ path, status: 200, body, times: 3 });
        const res = await c.screen('/home');
        // A broken essential answer is the screen's clean error (503 with the message), never a 500.
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 200)}`).not.toBe(500);
        expect(['screen', 'redirect', 'error']).toContain(res.body.kind);
      }),
      { numRuns: 60 },
    );
    await stack.sandbox.clearFaults();
  });
});
