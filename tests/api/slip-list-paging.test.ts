import { afterAll, describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
afterAll(async () => stack.sandbox.reset());

/** The instalments the slip list offers to tick. */
function offered(doc: { layout: unknown[] }): string[] {
  const form = findAll(doc.layout as never[], (n) => n.type === 'form' && n.id === 'form-parcelas')[0];
  return form?.schema.properties.parcelas.items.enum ?? [];
}

function moreButton(doc: { layout: unknown[] }) {
  return findAll(doc.layout as never[], (n) => n.type === 'button' && n.label === 'Ver mais')[0];
}

async function anaWithQuota() {
  const ana = client(stack.baseUrl);
  await ana.login('ana');
  await ana.selectFirstQuota('ana');
  return ana;
}

describe('slip list paging', () => {
  it('a quota with 500 open instalments shows the first 20 and a "Ver mais" that adds 20 more', async () => {
    await stack.sandbox.setPortfolio('ana', { parcelasEmAberto: 500 });
    const ana = await anaWithQuota();
    const first = await ana.screen('/boletos/listadeboletos');
    expect(first.status).toBe(200);
    expect(offered(first.body)).toHaveLength(20);
    expect(screenText(first.body)).toContain('Mostrando 20 de 500 parcelas.');
    const more = moreButton(first.body);
    expect(more.action).toEqual({ type: 'navigate', to: '/boletos/listadeboletos?mostrar=40' });

    const second = await ana.screen(more.action.to);
    expect(offered(second.body)).toHaveLength(40);
    expect(offered(second.body).slice(0, 20)).toEqual(offered(first.body));
    expect(moreButton(second.body).action.to).toBe('/boletos/listadeboletos?mostrar=60');

    // The last page has no "Ver mais"; a nonsense size is the first page.
    const all = await ana.screen('/boletos/listadeboletos?mostrar=99999');
    expect(offered(all.body)).toHaveLength(500);
    expect(moreButton(all.body)).toBeUndefined();
    const odd = await ana.screen('/boletos/listadeboletos?mostrar=-3abc');
    expect(offered(odd.body)).toHaveLength(20);
  });

  it('a short list shows every instalment and no "Ver mais"', async () => {
    await stack.sandbox.setPortfolio('ana', { parcelasEmAberto: 10 });
    const ana = await anaWithQuota();
    const doc = await ana.screen('/boletos/listadeboletos');
    expect(offered(doc.body)).toHaveLength(10);
    expect(moreButton(doc.body)).toBeUndefined();
    expect(screenText(doc.body)).not.toContain('Mostrando');
  });

  it('the bid history stays one page of 20 with 2 000 bids', async () => {
    await stack.sandbox.setPortfolio('ana', { lances: 2000 });
    const ana = await anaWithQuota();
    const doc = await ana.screen('/bid_history');
    expect(doc.status).toBe(200);
    const cards = findAll(doc.body.layout, (n) => n.type === 'card');
    expect(cards).toHaveLength(20);
    expect(JSON.stringify(doc.body)).toContain('/bid_history?pagina=2');
  });
});
