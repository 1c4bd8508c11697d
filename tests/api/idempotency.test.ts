import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import texts from '../../screens/texts/pt-BR.json' with { type: 'json' };
import { client, findAll } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

beforeEach(async () => {
  await stack.sandbox.reset();
  await stack.sandbox.clearFaults();
});

async function ana() {
  const c = client(stack.baseUrl);
  await c.loginWithQuota('ana');
  const hub = await c.screen('/boletos?filtro=todos');
  const button = findAll(hub.body.layout, (n) => n.type === 'button' && n.action?.action === 'slips/generate')[0];
  await stack.sandbox.clearCalls();
  return { c, payload: button.action.payload as Record<string, unknown> };
}

const slipPosts = async () => (await stack.sandbox.calls()).filter((call) => call.method === 'POST' && call.path.endsWith('/cobrancas/boleto')).length;

describe('Idempotency-Key on money and case-creating submits', () => {
  it('replays the first result to a retry with the same key, and the back office is asked once', async () => {
    const { c, payload } = await ana();
    const key = randomUUID();
    const first = await c.action('slips/generate', payload).set('idempotency-key', key);
    const again = await c.action('slips/generate', payload).set('idempotency-key', key);
    expect(first.body.kind).toBe('navigate');
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await slipPosts()).toBe(1);
  });

  it('answers 409 to retries sent while the first is still running, and one slip is issued', async () => {
    const { c, payload } = await ana();
    const key = randomUUID();
    // The back office is slow, so the copies arrive while the first runs.
    await stack.sandbox.fault({ method: 'POST', path: 'cotas/*', delayMs: 400, times: 1 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => c.action('slips/generate', payload).set('idempotency-key', key)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(texts['confiabilidade.idempotencia.em-andamento']);
    expect(await slipPosts()).toBe(1);
  });

  it('refuses the same key with another body (422) in Portuguese and changes nothing', async () => {
    const { c, payload } = await ana();
    const key = randomUUID();
    await c.action('slips/generate', payload).set('idempotency-key', key);
    const other = await c.action('slips/generate', { ...payload, cobranca: 'outra' }).set('idempotency-key', key);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(texts['confiabilidade.idempotencia.corpo-diferente']);
    expect(await slipPosts()).toBe(1);
  });

  it('runs again after a first submit that failed upstream (the key is released)', async () => {
    const { c, payload } = await ana();
    const key = randomUUID();
    await stack.sandbox.fault({ method: 'POST', path: 'cotas/*', status: 503, times: 1 });
    const failed = await c.action('slips/generate', payload).set('idempotency-key', key);
    expect(failed.body.kind).toBe('error');
    const retried = await c.action('slips/generate', payload).set('idempotency-key', key);
    expect(retried.body.kind).toBe('navigate');
  });

  it('never replays one customer’s result to another with the same key', async () => {
    const { c, payload } = await ana();
    const key = randomUUID();
    await c.action('slips/generate', payload).set('idempotency-key', key);
    const carla = client(stack.baseUrl);
    await carla.loginWithQuota('carla');
    const hub = await carla.screen('/boletos?filtro=todos');
    const button = findAll(hub.body.layout, (n) => n.type === 'button' && n.action?.action === 'slips/generate')[0];
    const theirs = await carla.action('slips/generate', button.action.payload).set('idempotency-key', key);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });
});
