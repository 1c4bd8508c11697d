import { randomBytes } from 'node:crypto';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../screens/contract/index.js';
import { FIRST_SCREEN_ID } from '../../server/src/plugins/external/first-screen.js';
import { loadConfig } from '../../server/src/config.js';
import { client } from '../helpers/api-client.js';
import { CONSOLE_HOST, consoleClient } from '../helpers/console-host.js';
import { capturedLogs } from '../helpers/captured-logs.js';
import { PRODUCTION_PROVIDER, productionSecrets } from '../helpers/production-secrets.js';
import { decodedBody, rawRequest } from '../helpers/raw-http.js';
import { startStack, useStack, type Stack } from '../helpers/stack.js';
import { signInAtProvider } from '../helpers/staff-sign-in.js';

const logs = capturedLogs();
const events = () => logs.text().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.category === 'security');
const stack = useStack({}, { loggerInstance: logs.logger });

const NOT_FOUND = 'Página não encontrada';
const PARTNER_HOSTS = ['localhost', 'horizonte.localhost'];

/** The screen a page carries for the renderer to draw first (the last of its redirects). */
function carried(html: string): { kind?: string; screen?: string; to?: string } {
  const json = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ID}"[^>]*>(.*?)</script>`, 's').exec(html)?.[1];
  expect(json, 'the page carries its first screen').toBeDefined();
  return Object.values(JSON.parse(json!) as Record<string, { kind?: string }>).at(-1)!;
}

const page = (host: string, path: string) => rawRequest(stack.baseUrl, 'GET', path, { accept: 'text/html', host });
const post = (host: string, path: string, body: unknown) =>
  supertest(stack.baseUrl).post(path).set('host', host).set(CSRF_HEADER, CSRF_HEADER_VALUE).set('content-type', 'application/json').send(JSON.stringify(body));

describe('the console on a partner’s host', () => {
  it.each(PARTNER_HOSTS)('%s: /ops and its pages are the not-found page (404), on the page and on the screen API', async (host) => {
    for (const path of ['/ops', '/ops/entrar', '/ops/historico']) {
      const res = await page(host, path);
      expect(res.status, path).toBe(404);
      expect(carried(decodedBody(res).toString('utf8')), path).toMatchObject({ kind: 'screen', screen: 'nao-encontrada' });
      const screen = await client(stack.baseUrl, host).screen(path);
      expect(screen.status, path).toBe(404);
      expect(screen.body, path).toMatchObject({ kind: 'screen', screen: 'nao-encontrada', title: NOT_FOUND });
    }
  });

  it.each(PARTNER_HOSTS)('%s: the console’s actions and exports answer 404 before anything is checked, the right password included', async (host) => {
    const login = await post(host, '/api/actions/ops/login', { login: 'operacao', senha: 'operacao-sandbox' });
    expect(login.status).toBe(404);
    expect(login.body).toEqual({ kind: 'error', title: 'Ops ;)', message: 'Ação desconhecida.' });
    expect(login.headers['set-cookie']).toBeUndefined();
    // Not 401 (which would say a console lives here): the same 404 as an address that names nothing.
    expect((await post(host, '/api/actions/ops/publish', { comentario: 'x' })).status).toBe(404);
    expect((await post(host, '/api/actions/ops/textos-busca', { busca: 'boleto' })).status).toBe(404);
    expect((await supertest(stack.baseUrl).get('/api/ops/auditoria.csv').set('host', host)).status).toBe(404);
    expect((await supertest(stack.baseUrl).get('/api/ops/analise.csv').set('host', host)).status).toBe(404);
    // The router decodes the path: an encoded area is the same action.
    expect((await post(host, '/api/actions/%6Fps/login', { login: 'operacao', senha: 'operacao-sandbox' })).status).toBe(404);
  });

  it('logs each refusal as a security event', async () => {
    logs.clear();
    await post('localhost', '/api/actions/ops/login', { login: 'operacao', senha: 'operacao-sandbox' });
    expect(events().filter((l) => l.event === 'access.refused')).toEqual([expect.objectContaining({ reason: 'console-route', target: '/api/actions/:area/:name' })]);
  });

  it('is no return-to a customer’s answer may lead to', async () => {
    const login = await client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: '66115750903', senha: '135790', voltar: '/ops/historico' });
    expect(login.body).toEqual({ kind: 'navigate', to: '/groups-and-quotas', replace: true });
  });
});

describe('the console on its own host', () => {
  it('answers the console: the login, then its pages and exports', async () => {
    const staff = consoleClient(stack.baseUrl);
    expect((await staff.screen('/ops')).body).toEqual({ schemaVersion: 1, kind: 'redirect', to: '/ops/entrar' });
    expect((await staff.screen('/ops/entrar')).body).toMatchObject({ kind: 'screen', screen: 'ops-entrar' });
    const { cookie } = await signInAtProvider(stack.baseUrl, 'operacao', { host: CONSOLE_HOST });
    staff.agent.jar.setCookie(`${cookie}; Path=/`, 'localhost', '/');
    expect((await staff.screen('/ops')).body).toMatchObject({ kind: 'screen', screen: 'ops' });
    const audit = await staff.get('/api/ops/auditoria.csv');
    expect(audit.status).toBe(200);
    expect(audit.headers['content-type']).toMatch(/^text\/csv/);
    const html = await page(CONSOLE_HOST, '/ops/entrar');
    expect(html.status).toBe(200);
    expect(carried(decodedBody(html).toString('utf8'))).toMatchObject({ kind: 'screen', screen: 'ops-entrar' });
  });

  it('answers no customer route: actions and files 404, pages lead to the console', async () => {
    const visitor = consoleClient(stack.baseUrl);
    const login = await visitor.action('auth/login', { modo: 'documento', documento: '66115750903', senha: '135790' });
    expect(login.status).toBe(404);
    expect(login.headers['set-cookie']).toBeUndefined();
    expect((await supertest(stack.baseUrl).get('/login-transparente/abcdefghijklmnopqrstuvwxyz').set('host', CONSOLE_HOST)).status).toBe(404);
    const home = await visitor.screen('/home');
    expect(home.status).toBe(404);
    expect(home.body).toEqual({ schemaVersion: 1, kind: 'redirect', to: '/ops' });
    // The host's front page is the console's way in.
    const front = await visitor.screen('/');
    expect(front.status).toBe(200);
    expect(front.body).toEqual({ schemaVersion: 1, kind: 'redirect', to: '/ops' });
    expect((await page(CONSOLE_HOST, '/')).status).toBe(200);
    expect((await page(CONSOLE_HOST, '/entrar')).status).toBe(404);
  });

  it('still answers the health checks and the page’s files', async () => {
    expect((await supertest(stack.baseUrl).get('/health/live').set('host', CONSOLE_HOST)).status).toBe(200);
    expect((await supertest(stack.baseUrl).get('/robots.txt').set('host', CONSOLE_HOST)).status).toBe(200);
  });
});

describe('the console host in the configuration', () => {
  const production = () => ({ APP_ENV: 'production', UPSTREAM_URL: 'https://backoffice.example', ...productionSecrets(), ...PRODUCTION_PROVIDER, ALLOWED_HOSTS: 'consorcio.aurora.example', OPS_HOST: 'ops.consorcio.example' });

  it('is required in production, naming OPS_HOST', () => {
    expect(() => loadConfig({ ...production(), OPS_HOST: undefined })).toThrow(/OPS_HOST: obrigatório em produção/);
    expect(() => loadConfig({ ...production(), OPS_HOST: '10.0.0.7' })).toThrow(/OPS_HOST/);
    expect(() => loadConfig({ ...production(), OPS_HOST: 'ops consorcio' })).toThrow(/OPS_HOST/);
  });

  it('is answered besides the partners’ hosts (ALLOWED_HOSTS lists the partners only), without its port', () => {
    const config = loadConfig({ ...production(), OPS_HOST: 'OPS.consorcio.example:443' });
    expect(config.consoleHost).toBe('ops.consorcio.example');
    expect([...config.allowedHosts!].sort()).toEqual(['consorcio.aurora.example', 'ops.consorcio.example']);
  });

  it('is ops.localhost outside production', () => {
    expect(loadConfig({ UPSTREAM_URL: 'http://127.0.0.1:4010' }).consoleHost).toBe('ops.localhost');
  });

  it('production always makes a publish wait for an approver, and refuses OPS_REQUIRE_APPROVAL=false', () => {
    expect(loadConfig(production()).opsRequireApproval).toBe(true);
    expect(loadConfig({ ...production(), OPS_REQUIRE_APPROVAL: 'true' }).opsRequireApproval).toBe(true);
    expect(() => loadConfig({ ...production(), OPS_REQUIRE_APPROVAL: 'false' })).toThrow(/OPS_REQUIRE_APPROVAL: em produção/);
    expect(loadConfig({ UPSTREAM_URL: 'http://127.0.0.1:4010' }).opsRequireApproval).toBe(false);
  });
});

describe('in production, with OPS_REQUIRE_APPROVAL unset', () => {
  let production: Stack;
  // Staff of the sandbox's identity provider (startStack's, with a strong client secret of its own).
  const maria = 'operacao';
  const joao = 'aprovacao';
  beforeAll(async () => {
    production = await startStack({
      APP_ENV: 'production',
      ...productionSecrets(),
      ALLOWED_HOSTS: 'localhost',
      OPS_HOST: CONSOLE_HOST,
      FLOWS_POLL_MS: '0',
    });
  });
  afterAll(async () => production?.close());

  /** A console member of the production stack: its Secure cookie is carried by hand over plain http. */
  async function member(who: string) {
    const { cookie } = await signInAtProvider(production.baseUrl, who, { host: CONSOLE_HOST });
    expect(cookie).toMatch(/^__Host-Http-ops_sid=/);
    return (action: string, body: unknown) =>
      supertest(production.baseUrl).post(`/api/actions/${action}`).set('host', CONSOLE_HOST).set('cookie', cookie!).set(CSRF_HEADER, CSRF_HEADER_VALUE).set('content-type', 'application/json').send(JSON.stringify(body));
  }

  it('a publish waits for a second person with the approver role', async () => {
    const publisher = await member(maria);
    const before = production.app.flows.version;
    const table = structuredClone(production.app.flows.bundle.definitions.find((d) => d.id === 'refund-screen')) as unknown as { rows: Array<{ then: unknown }> };
    table.rows[1]!.then = '/devolucao/filiais';
    expect((await publisher('ops/draft', { id: 'refund-screen', conteudo: JSON.stringify(table) })).body.kind).toBe('navigate');
    const asked = await publisher('ops/publish', { comentario: 'Filiais primeiro' });
    expect(asked.body).toMatchObject({ kind: 'snackbar', to: '/ops/pedidos' });
    expect(asked.body.message).toMatch(/^Pedido #\d+ aguarda a aprovação de outra pessoa\.$/);
    expect(production.app.flows.version).toBe(before);
    const id = Number(/#(\d+)/.exec(asked.body.message)![1]);
    const approved = await (await member(joao))('ops/aprovar', { pedido: id });
    expect(approved.body).toMatchObject({ kind: 'snackbar', message: `Versão v${before + 1} publicada.` });
    expect(production.app.flows.version).toBe(before + 1);
  });
});
