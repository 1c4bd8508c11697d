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

/**
 * Arbitrary JSON for the back office to answer. The sandbox's fault control is a Fastify route,
 * whose JSON parser refuses a `__proto__` key (prototype poisoning) before the fault is set; such a
 * case tests the harness, not the server, so it is left out of what the back office answers.
 */
const upstreamJson = (maxDepth: number) => fc.jsonValue({ maxDepth }).filter((v) => !JSON.stringify(v).includes('"__proto__"'));
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
      fc.asyncProperty(fc.constantFrom(...paths), upstreamJson(3), async (path, body) => {
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

  /** The screens whose back-office calls are declared in the contract, and the calls each makes. */
  const MOVED: Array<[screen: string, paths: string[]]> = [
    ['/perfil', ['core/dados-cadastrais/dados-bancarios', 'core/dados-cadastrais/chaves-pix']],
    ['/perfil/endereco', ['cotas/*']],
    ['/perfil/endereco?cep=01310100', ['cotas/*', 'buscas/cep/*']],
    ['/perfil/email-telefone', ['cotas/*']],
    ['/perfil/patrimonio-renda', ['tipos-registro/*', 'core/dados-cadastrais/status']],
    ['/perfil/validar-identificacao', ['tipos-registro/*']],
    ['/situacaodogrupo', ['core/grupo/situacao']],
    ['/filiais?estado=SP', ['filiais']],
    ['/assembleias', ['cotas/*']],
    ['/assembleias/numerossorteados?n=12', ['cotas/*']],
    ['/ajuda', ['faq/topics/*', 'faq/search/*']],
    ['/ajuda/busca?q=boleto', ['faq/search/*']],
  ];
  const status = fc.oneof(fc.constant(200), fc.constantFrom(201, 204, 301, 302, 400, 404, 409, 422, 429, 500, 502, 503));

  it('the moved screens never answer 500, whatever status and JSON the back office answers', async () => {
    const cases = fc.constantFrom(...MOVED).chain(([screen, paths]) => fc.tuple(fc.constant(screen), fc.constantFrom(...paths)));
    await fc.assert(
      fc.asyncProperty(cases, status, fc.oneof(upstreamJson(3), fc.constant('<html>erro</html>')), async ([screen, path], code, body) => {
        await stack.sandbox.clearFaults();
        await stack.sandbox.fault({ path, status: code, body, times: 3 });
        const res = await c.screen(screen);
        expect(res.status, `${screen} ← ${path} ${code} ${JSON.stringify(body).slice(0, 200)}`).not.toBe(500);
        expect(['screen', 'redirect', 'error']).toContain(res.body.kind);
      }),
      { numRuns: 120 },
    );
    await stack.sandbox.clearFaults();
  });

  it('the moved actions never answer 500, whatever the back office answers', async () => {
    // Each action with a body that passes its own validation, so the upstream call is reached.
    const ACTIONS: Array<[action: string, body: unknown, paths: string[]]> = [
      ['auth/password-current', { senhaAtual: '135790', origem: 'perfil' }, []],
      ['auth/password-new', { novaSenha: '864209', confirmacao: '864209', origem: 'perfil' }, ['cotas/*']],
      ['auth/confirm-registration', {}, ['core/dados-cadastrais/confirmar-dados']],
      ['profile/income-save', { profissao: 1, estadoCivil: 1, tipoAcessibilidade: 1 }, ['tipos-registro/*']],
      ['profile/token-send', {}, ['verificacao/*']],
      ['profile/token-validate', { codigo: 'AB12' }, ['verificacao', 'core/dados-cadastrais/atualizar', 'cotas/*']],
      ['help/feedback', { question_id: 1, is_helpful: true }, ['faq/feedback']],
      ['evaluation/answer', { fluxo: 'boletos', gostou: true }, ['usuarios/*']],
    ];
    const names = new Set(stack.app.actions.names());
    const known = ACTIONS.filter(([name]) => names.has(name));
    const cases = fc.constantFrom(...known).chain(([name, body, paths]) => fc.tuple(fc.constant(name), fc.constant(body), paths.length ? fc.constantFrom(...paths) : fc.constant('cotas/*')));
    await fc.assert(
      fc.asyncProperty(cases, status, upstreamJson(3), async ([name, body, path], code, answer) => {
        await stack.sandbox.clearFaults();
        await stack.sandbox.fault({ path, status: code, body: answer, times: 3 });
        const res = await c.action(name, body);
        expect(res.status, `${name} ← ${path} ${code} ${JSON.stringify(answer).slice(0, 200)}`).not.toBe(500);
        expect(res.body, 'a result or a clean error').toBeTruthy();
      }),
      { numRuns: 80 },
    );
    await stack.sandbox.clearFaults();
  });

  it('idempotent actions never answer 500, whatever Idempotency-Key header comes with them', async () => {
    const idempotent = [...stack.app.actions.list()].filter(([, action]) => action.idempotent).map(([name]) => name);
    const key = fc.oneof(fc.uuid(), fc.string({ maxLength: 200 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')), fc.constantFrom('', ' ', 'a', 'x'.repeat(129), '../../etc', "'; drop table idempotency_keys; --"));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...idempotent), key, fc.oneof(fc.object({ maxDepth: 1 }), fc.jsonValue({ maxDepth: 1 })), async (name, k, body) => {
        const res = await c.action(name, body).set('idempotency-key', k);
        expect(res.status, `${name} key=${JSON.stringify(k)} ${JSON.stringify(body).slice(0, 120)}`).not.toBe(500);
      }),
      { numRuns: 80 },
    );
  });

  it('opening a CRM case (account id, composite create) never answers 500, whatever the CRM answers', async () => {
    const marcos = client(stack.baseUrl, `horizonte.localhost:${stack.port}`);
    await marcos.login('marcos');
    await marcos.selectFirstQuota('marcos');
    const form = { telefone: '(62) 98789-7890', email: 'marcos.teixeira@example.com.br', horario: 'TARDE' };
    const compositeish = fc.oneof(
      upstreamJson(3),
      fc.record({ compositeResponse: fc.array(fc.record({ httpStatusCode: fc.oneof(fc.integer({ min: 100, max: 599 }), upstreamJson(0)), body: upstreamJson(2) }), { maxLength: 2 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('salesforce/consulta/accountid', 'salesforce/casos', 'salesforce/consulta/casos'), status, compositeish, async (path, code, answer) => {
        await stack.sandbox.clearFaults();
        await stack.sandbox.fault({ path, status: code, body: answer, times: 3 });
        const res = await marcos.action('insurance/request', form);
        expect(res.status, `insurance/request ← ${path} ${code} ${JSON.stringify(answer).slice(0, 200)}`).not.toBe(500);
      }),
      { numRuns: 60 },
    );
    await stack.sandbox.clearFaults();
  });
});

