import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { OtpThrottle } from '../../server/src/security/otp-throttle.js';
import { client } from '../helpers/api-client.js';
import { markCodeAsked } from '../helpers/code-asked.js';
import { persona } from '../helpers/personas.js';
import { postgresAvailable, TEST_DATABASE_URL as DATABASE_URL } from '../helpers/postgres.js';
import { redisAvailable, TEST_REDIS_URL as REDIS_URL } from '../helpers/redis.js';
import { RAISED_LIMITS, startStack, type Stack } from '../helpers/stack.js';

// The multi-instance setup: two servers on one PostgreSQL and one Redis, one back office.
const available = (await postgresAvailable()) && (await redisAvailable());
const lara = persona('lara');
let stack: Stack;
let other: FastifyInstance;
let otherUrl: string;

beforeAll(async () => {
  if (!available) return;
  stack = await startStack({ DATABASE_URL, REDIS_URL });
  other = await buildApp(loadConfig({ APP_ENV: 'test', UPSTREAM_URL: stack.sandbox.url, DATABASE_URL, REDIS_URL, LOG_LEVEL: 'silent', ...RAISED_LIMITS }), { logger: false });
  await other.listen({ host: '127.0.0.1', port: 0 });
  otherUrl = `http://localhost:${(other.server.address() as AddressInfo).port}`;
  // Redis outlives test runs: lara's tries, and the hour's count of codes sent to her, start untouched.
  await new OtpThrottle(stack.app.counters).verified(lara.document);
  await stack.app.counters.reset(`otp-send:${lara.document}`);
});
afterAll(async () => {
  await other?.close();
  await stack?.close();
});

const guess = async (c: ReturnType<typeof client>, codigo: string) => (await c.action('auth/otp-verify', { codigo })).body;

describe.skipIf(!available)('one-time code tries on two instances sharing PostgreSQL and Redis', () => {
  it('counts the tries made on either instance, from either login, against the same code', async () => {
    const onA = client(stack.baseUrl);
    expect((await onA.login('lara')).body.to).toBe('/entrar/verificacao/enviar');
    await onA.action('auth/otp-confirm-document', { documento: lara.document });
    const code = await stack.sandbox.lastCode();
    const wrong = code === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
    for (let i = 0; i < 3; i++) await guess(onA, wrong);

    const onB = client(otherUrl);
    expect((await onB.login('lara')).body.to).toBe('/entrar/verificacao/enviar');
    // This login asked for a code too (the sessions live in the PostgreSQL both instances share).
    await markCodeAsked(stack.app, onB);
    for (let i = 0; i < 2; i++) expect((await guess(onB, wrong)).errors.codigo).toBe('Código de segurança inválido. Confira e digite novamente.');

    await stack.sandbox.clearCalls();
    const spent = 'Você errou o código 5 vezes. Peça um novo código para continuar.';
    expect((await guess(onB, code)).message).toBe(spent);
    expect((await guess(onA, code)).message).toBe(spent);
    expect((await stack.sandbox.calls()).filter((c) => c.path === 'verificacao')).toEqual([]);
  });
});
