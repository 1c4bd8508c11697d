import { describe, expect, it } from 'vitest';
import { asCustomerWithFirstQuota } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

describe('smoke', () => {
  it('counts the bid wizard', async () => {
    const { c } = await asCustomerWithFirstQuota(stack.baseUrl, 'ana');
    await c.screen('/offers-and-bids-introduction');
    await c.screen('/offers-and-bids?passo=type');
    console.log((await c.action('bids/step', { passo: 'type', modalidade: 'LL', tipoOferta: 'VL', valor: '1,00' })).body);
    console.log((await c.action('bids/step', { passo: 'type', modalidade: 'LL', tipoOferta: 'VL', valor: '12.000,00' })).body);
    await c.screen('/offers-and-bids?passo=builtin');
    await stack.app.analytics.flush();
    console.log(await stack.app.db.query('SELECT * FROM analytics_steps ORDER BY flow, step'));
    console.log(await stack.app.db.query('SELECT * FROM analytics_refusals'));
    console.log(await stack.app.db.query('SELECT * FROM analytics_durations'));
    expect(1).toBe(1);
  });
});
