import { describe, expect, it } from 'vitest';
import { client, landOn, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

/** The route and text of the screen a path lands on. */
async function open(c: ReturnType<typeof client>, path: string): Promise<{ route: string; text: string }> {
  const { body } = await landOn(c, path);
  return { route: body.route as string, text: screenText(body) };
}

describe('routes the spec names that a customer types or bookmarks', () => {
  it('/alterar-senha (doc 1 §2, authenticated layout) is the logged-in password change', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const landed = await open(c, '/alterar-senha');
    expect(landed.route).toBe('/perfil/senha');
    expect(landed.text).toContain('Alterar senha');
  });

  it('/faturamentonovo sends fernanda to where her new-vehicle case stands, and tells ana why it is not for her quota', async () => {
    const fernanda = client(stack.baseUrl);
    await fernanda.loginWithQuota('fernanda');
    expect((await open(fernanda, '/faturamentonovo')).route).toBe('/faturamentonovo/dados-veiculo');
    const ana = client(stack.baseUrl);
    await ana.loginWithQuota('ana');
    const landed = await open(ana, '/faturamentonovo');
    expect(landed.route).toBe('/faturamentonovo');
    expect(landed.text).toContain('Esta cota não tem um faturamento de veículo 0 km em andamento.');
    expect(landed.text).toContain('Ver o faturamento desta cota');
  });

  it('/faturamentoseminovo sends otavio to his used-vehicle payment, and tells fernanda (new vehicle) why it is not for her quota', async () => {
    const otavio = client(stack.baseUrl);
    await otavio.loginWithQuota('otavio');
    expect((await open(otavio, '/faturamentoseminovo')).route).toBe('/faturamentoseminovo/acompanharpagamento');
    const fernanda = client(stack.baseUrl);
    await fernanda.loginWithQuota('fernanda');
    expect((await open(fernanda, '/faturamentoseminovo')).text).toContain('Esta cota não tem um faturamento de veículo seminovo em andamento.');
  });
});
