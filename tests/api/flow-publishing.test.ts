import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { FlowRejectedError, StaleVersionError } from '../../server/src/composition/flow-service.js';
import { postgresAvailable, TEST_DATABASE_URL } from '../helpers/postgres.js';
import { RAISED_LIMITS, startStack, type Stack } from '../helpers/stack.js';

/** Two server instances on the local PostgreSQL: what one publishes, the other serves within 5 s. */
const DATABASE_URL = TEST_DATABASE_URL;
const reachable = await postgresAvailable(async (client) => {
  // A fresh table: the migrations that make flow_versions (2) and add its approver (4160) run again.
  await client.query('DROP TABLE IF EXISTS flow_versions');
  await client.query('DELETE FROM schema_migrations WHERE id IN (2, 4160)').catch(() => undefined);
});

let stack: Stack;
let other: FastifyInstance;
let otherUrl: string;

beforeAll(async () => {
  if (!reachable) return;
  stack = await startStack({ DATABASE_URL, FLOWS_POLL_MS: '500' });
  other = await buildApp(loadConfig({ APP_ENV: 'test', UPSTREAM_URL: stack.sandbox.url, DATABASE_URL, FLOWS_POLL_MS: '500', LOG_LEVEL: 'silent', ...RAISED_LIMITS }), { logger: false });
  await other.listen({ host: '127.0.0.1', port: 0 });
  otherUrl = `http://localhost:${(other.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await other?.close();
  await stack?.close();
});

const servedVersion = async (url: string) => (await supertest(url).get('/api/screens').query({ path: '/login' })).body.meta.definitions as string;

function withRetornoBrscanTo(files: Record<string, unknown>, target: string): Record<string, unknown> {
  const copy = structuredClone(files) as Record<string, { rows: Array<{ when: { status?: unknown }; then: unknown }> }>;
  const row = copy['cash-billing-screen.json']!.rows.find((r) => r.when.status === 'RETORNO_BRSCAN')!;
  row.then = target;
  return copy;
}

describe.skipIf(!reachable)('versioned publishing across instances', () => {
  it('serves the shipped definitions as version 1 on both instances', async () => {
    expect(await servedVersion(stack.baseUrl)).toBe('v1');
    expect(await servedVersion(otherUrl)).toBe('v1');
  });

  it('publishes on one instance and the other serves it within 5 seconds, with author, comment and diff', async () => {
    const files = withRetornoBrscanTo(stack.app.flows.files, '/faturamentoespecie/reanalise');
    const published = await stack.app.flows.publish({ files, author: 'maria.ops', comment: 'Retorno BrScan vai para reanálise', baseVersion: 1 });
    expect(published).toMatchObject({ version: 2, author: 'maria.ops', comment: 'Retorno BrScan vai para reanálise', source: 'console' });
    expect(published.diff).toContain('~ cash-billing-screen.json.rows[5].then: "/faturamentoespecie/analisandoinformacoes" → "/faturamentoespecie/reanalise"');
    await expect.poll(() => servedVersion(otherUrl), { timeout: 5_000, interval: 100 }).toBe('v2');
    expect(other.flows.decide('cash-billing-screen', { status: 'RETORNO_BRSCAN' }).outcome).toBe('/faturamentoespecie/reanalise');
  });

  it('refuses a publish based on a version that is no longer current, losing nothing', async () => {
    const files = withRetornoBrscanTo(other.flows.files, '/faturamentoespecie/acompanharpagamento');
    await expect(other.flows.publish({ files, author: 'joao.ops', comment: 'baseado na v1', baseVersion: 1 })).rejects.toBeInstanceOf(StaleVersionError);
    expect(await servedVersion(otherUrl)).toBe('v2');
  });

  it('refuses a definition the analyser rejects and keeps the current version in service', async () => {
    const files = withRetornoBrscanTo(other.flows.files, '/faturamentoespecie/nao-existe');
    const attempt = other.flows.publish({ files, author: 'joao.ops', comment: 'quebrado', baseVersion: 2 });
    await expect(attempt).rejects.toBeInstanceOf(FlowRejectedError);
    await expect(attempt).rejects.toThrow(/não é uma tela do catálogo/);
    expect(await servedVersion(otherUrl)).toBe('v2');
  });

  it('rolls back to version 1 as version 3, served by both', async () => {
    const rolled = await other.flows.rollback({ version: 1, author: 'joao.ops', comment: '', baseVersion: 2 });
    expect(rolled).toMatchObject({ version: 3, source: 'rollback', comment: 'Volta à versão 1' });
    await expect.poll(() => servedVersion(stack.baseUrl), { timeout: 5_000, interval: 100 }).toBe('v3');
    expect(stack.app.flows.decide('cash-billing-screen', { status: 'RETORNO_BRSCAN' }).outcome).toBe('/faturamentoespecie/analisandoinformacoes');
    const history = await stack.app.flows.history();
    expect(history.map((h) => [h.version, h.source])).toEqual([
      [3, 'rollback'],
      [2, 'console'],
      [1, 'deploy'],
    ]);
  });

  it('serves a published text and partner theme on the other instance within 5 seconds', async () => {
    const files = structuredClone(stack.app.flows.files) as Record<string, { texts?: Record<string, string> } & Record<string, unknown>>;
    files['texts.json']!.texts!['login.texto'] = 'Tudo da sua cota num só lugar.';
    files['tema-1.json'] = { kind: 'theme', id: 'tema-1', partner: 1, title: 'Tema do parceiro 1', tokens: { primary: '#1B4D3E', onPrimary: '#FFFFFF' } };
    await stack.app.flows.publish({ files, author: 'maria.ops', comment: 'Texto e tema', baseVersion: 3 });
    const login = async () => (await supertest(otherUrl).get('/api/screens').query({ path: '/login' })).body;
    await expect.poll(async () => JSON.stringify((await login()).layout), { timeout: 5_000, interval: 100 }).toContain('Tudo da sua cota num só lugar.');
    expect((await login()).partner.theme.primary).toBe('#1B4D3E');
  });
});
