import Fastify from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { declaredEndpoints } from '../../back-office/catalogue.js';
import { cashBilling } from '../../back-office/index.js';
import { buildSandbox } from '../../sandbox/src/app.js';
import { answerGuard, serve, servedEndpoints } from '../../sandbox/src/contract.js';
import { client } from '../helpers/api-client.js';
import { capturedLogs } from '../helpers/captured-logs.js';
import { useStack } from '../helpers/stack.js';

const logs = capturedLogs('warn');
const stack = useStack({}, { loggerInstance: logs.logger });

beforeEach(async () => {
  await stack.sandbox.reset();
  await stack.sandbox.clearFaults();
  logs.clear();
});

describe('the back-office contract on the server', () => {
  it.each([
    ['an empty object', {}],
    ['a field of the wrong type', { status: 'PENDENCIA_CLIENTE', fase: 'x', possuiCaso: 'sim', tipoFaturamento: null, respostaAnalista: null, dadosBancarios: null, termoAceitoEm: null, timelinePagamento: [] }],
  ])('answers the screen’s error message, never a 500, when the billing status comes as %s, and logs the path and field once', async (_name, body) => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('delta');
    await stack.sandbox.fault({ method: 'GET', path: 'core/faturamento-credito/status', status: 200, times: 1, body });
    const answer = await c.screen('/faturamento');
    expect(answer.status).not.toBe(500);
    expect(answer.body).toMatchObject({ kind: 'error', retry: true });
    const violations = logs.text().split('\n').filter((l) => l.includes('upstream answer breaks the contract'));
    expect(violations).toHaveLength(1);
    const logged = JSON.parse(violations[0]!);
    expect(logged.upstream.path).toBe('core/faturamento-credito/status');
    expect(logged.upstream.field).toMatch(/^(status|possuiCaso)$/);
    // Never the data.
    expect(violations[0]).not.toContain('PENDENCIA_CLIENTE');
  });
});

describe('the back-office contract in the sandbox', () => {
  it('refuses to send a 2xx answer its schema does not allow, and sends one it allows', async () => {
    const app = Fastify();
    app.addHook('preSerialization', answerGuard);
    let answer: unknown = { data: [{ codigo: '001' }] };
    serve(app, cashBilling.banks, async () => answer as never);
    const broken = await app.inject({ method: 'GET', url: '/cotas/1/bancos/consultar' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json().message).toContain('cotas/{idCota}/bancos/consultar at data.0.nome');
    answer = { data: [{ codigo: '001', nome: 'Banco do Brasil' }] };
    expect((await app.inject({ method: 'GET', url: '/cotas/1/bancos/consultar' })).json()).toEqual(answer);
    await app.close();
  });
});

/** Declared ahead of the flow that will call it (vehicle inspection); its owner serves it. */
const NOT_YET_SERVED = new Set(['inspectionReanalysis']);

describe('every declared back-office call is served by the sandbox through its schema', () => {
  it('serves each endpoint with serve(), so its answers are checked against the contract', async () => {
    const sandbox = await buildSandbox();
    await sandbox.ready();
    const missing = declaredEndpoints()
      .filter(({ name, endpoint: e }) => !NOT_YET_SERVED.has(name) && !servedEndpoints.has(e))
      .map(({ name, endpoint: e }) => `${name} ${e.method} ${e.path}`);
    await sandbox.close();
    expect(missing).toEqual([]);
    expect(declaredEndpoints().length).toBeGreaterThan(100);
  });
});

