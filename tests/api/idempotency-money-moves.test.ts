import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import texts from '../../screens/texts/pt-BR.json' with { type: 'json' };
import { client } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

beforeEach(async () => {
  await stack.sandbox.reset();
  await stack.sandbox.clearFaults();
  await stack.sandbox.clearCalls();
});

async function marcos() {
  const c = client(stack.baseUrl, `horizonte.localhost:${stack.port}`);
  await c.login('marcos');
  await c.selectFirstQuota('marcos');
  return c;
}

const posts = async (path: string) => (await stack.sandbox.calls()).filter((call) => call.method === 'POST' && call.path === path).length;

/** Every money or case-creating submit: a retry with the same key replays, another body is refused. */
const MONEY_AND_CASE_ACTIONS = [
  'bids/confirm',
  'slips/generate',
  'slips/generate-marked',
  'slips/payoff',
  'renegotiation/confirm',
  'cash-billing/start',
  'cash-billing/bank-data',
  'cash-billing/accept-term',
  'refund/start',
  'refund/bank-data',
  'refund/schedule',
  'quota-transfer/confirm',
  'insurance/request',
  'post-sale/callback',
  'reactivation/request',
  'awarded/confirm-offer',
  'vehicle-billing/confirm',
  'vehicle-billing/schedule-payment',
  'vehicle-billing/manual',
];

describe('idempotent money and case-creating actions', () => {
  it('flags every money or case-creating action idempotent', () => {
    const actions = stack.app.actions.list();
    const missing = MONEY_AND_CASE_ACTIONS.filter((name) => !actions.get(name)?.idempotent);
    expect(missing).toEqual([]);
  });

  it('quota transfer: the same key replays the protocol and the back office is asked once; another body with the key is refused 422', async () => {
    const c = await marcos();
    await c.action('quota-transfer/assignee', { cpfCnpj: '661.157.509-03' });
    const key = randomUUID();
    const first = await c.action('quota-transfer/confirm', {}).set('idempotency-key', key);
    const again = await c.action('quota-transfer/confirm', {}).set('idempotency-key', key);
    expect(first.body).toEqual({ kind: 'navigate', to: '/transferencia-cota/sucesso' });
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await posts('core/transferencia-cota/solicitar')).toBe(1);
    const other = await c.action('quota-transfer/confirm', { outro: 1 }).set('idempotency-key', key);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(texts['confiabilidade.idempotencia.corpo-diferente']);
    expect(await posts('core/transferencia-cota/solicitar')).toBe(1);
  });

  it('insurance offer: one CRM case for two sends with one key, concurrent copies get 409, another body 422', async () => {
    const c = await marcos();
    const form = { telefone: '(62) 98789-7890', email: 'marcos.teixeira@example.com.br', horario: 'TARDE' };
    const key = randomUUID();
    await stack.sandbox.fault({ method: 'POST', path: 'salesforce/*', delayMs: 400, times: 1 });
    const answers = await Promise.all(Array.from({ length: 3 }, () => c.action('insurance/request', form).set('idempotency-key', key)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const replay = await c.action('insurance/request', form).set('idempotency-key', key);
    expect(replay.body).toEqual({ kind: 'navigate', to: '/ofertaseguro/sucesso' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await c.action('insurance/request', { ...form, horario: 'MANHA' }).set('idempotency-key', key)).status).toBe(422);
    expect(await posts('salesforce/casos')).toBe(1);
  });
});
