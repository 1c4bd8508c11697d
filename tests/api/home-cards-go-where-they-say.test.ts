import { describe, expect, it } from 'vitest';
import { client, findAll, landOn } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

/** Where the home card whose action is labelled `label` goes. */
async function cardTarget(c: ReturnType<typeof client>, label: string): Promise<string> {
  const cards = findAll((await c.screen('/home')).body.layout, (n) => n.type === 'card' && n.action?.label === label && n.action.action?.type === 'navigate');
  expect(cards.length, `a home card with the action '${label}'`).toBeGreaterThan(0);
  return cards[0].action.action.to as string;
}

describe('home cards open what their words name', () => {
  it('fernanda’s "Continue de onde parou: dados do veículo" card opens the vehicle data step, not the introduction', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('fernanda');
    const home = (await c.screen('/home')).body;
    expect(JSON.stringify(home)).toContain('Continue de onde parou: dados do veículo');
    expect((await landOn(c, await cardTarget(c, 'Continuar'))).path).toBe('/faturamentonovo/dados-veiculo');
  });

  it('otavio’s reversed-payment card "Atualizar dados bancários" opens the bank data form itself', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('otavio');
    expect((await landOn(c, await cardTarget(c, 'Atualizar dados bancários'))).path).toBe('/faturamentoseminovo/dadosbancariosestorno');
  });
});
