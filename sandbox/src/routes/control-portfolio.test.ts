import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../app.js';

let sandbox: FastifyInstance;
beforeAll(async () => {
  sandbox = await buildSandbox({ logger: false });
});
afterAll(async () => sandbox?.close());

describe('POST /__sandbox/customers/:persona/portfolio', () => {
  it('gives a persona as many quotas and open instalments as asked, and reset brings the fixture back', async () => {
    const grow = await sandbox.inject({ method: 'POST', url: '/__sandbox/customers/ana/portfolio', payload: { cotas: 20, parcelasEmAberto: 500 } });
    expect(grow.json()).toEqual({ cotas: 20, parcelasEmAberto: 500 });
    await sandbox.inject({ method: 'POST', url: '/__sandbox/reset' });
    const again = await sandbox.inject({ method: 'POST', url: '/__sandbox/customers/ana/portfolio', payload: {} });
    expect(again.json()).toEqual({ cotas: 1, parcelasEmAberto: 2 });
  });

  it('refuses an unknown persona or a size out of range', async () => {
    expect((await sandbox.inject({ method: 'POST', url: '/__sandbox/customers/ninguem/portfolio', payload: { cotas: 2 } })).statusCode).toBe(400);
    expect((await sandbox.inject({ method: 'POST', url: '/__sandbox/customers/ana/portfolio', payload: { cotas: 5000 } })).statusCode).toBe(400);
  });
});
