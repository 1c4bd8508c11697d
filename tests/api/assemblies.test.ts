import { afterEach, describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

async function as(key: string) {
  const c = client(stack.baseUrl);
  await c.loginWithQuota(key);
  return c;
}

afterEach(async () => stack.sandbox.reset());

describe('assemblies', () => {
  it('shows ana the next assembly in 10 days, the previous one concluded and its drawn numbers', async () => {
    const c = await as('ana');
    const text = screenText((await c.screen('/assembleias')).body);
    expect(text).toMatch(/14ª assembleia, em \d{2}\/\d{2}\/\d{4}/);
    expect(text).toContain('Faltam 10 dias.');
    expect(text).toMatch(/13ª assembleia, em \d{2}\/\d{2}\/\d{4}/);
    expect(text).toContain('Concluída\nResultado');
    expect(text).not.toContain('Hoje é dia de assembleia');
    const drawn = await c.screen('/assembleias/numerossorteados?numero=13');
    const numbers = findAll(drawn.body.layout, (n) => n.id === 'numeros-sorteados')[0].items.map((n: { text: string }) => n.text);
    expect(numbers).toHaveLength(5);
    for (const n of numbers) expect(n).toMatch(/^\d{4}$/);
    expect(screenText((await c.screen('/assembleias/assembleiaanterior')).body)).toMatch(/13ª assembleia/);
  });

  it('shows the assembly-day state when days to the next is 0 and the quota is not contemplated', async () => {
    await stack.sandbox.setClock('2026-12-01T15:00:00.000Z');
    const c = await as('ana');
    await stack.sandbox.fault({ method: 'GET', path: 'cotas/*', status: 200, times: 1, body: { assembleias: [{ numero: 13, data: '2026-11-01' }, { numero: 14, data: '2026-12-01' }] } });
    const text = screenText((await c.screen('/assembleias')).body);
    expect(text).toContain('Hoje é dia de assembleia! Boa sorte.');
    expect(text).not.toContain('Faltam');
  });

  it('counts the days in words a person writes: “Falta 1 dia.” the day before', async () => {
    await stack.sandbox.setClock('2026-11-30T15:00:00.000Z');
    const c = await as('ana');
    await stack.sandbox.fault({ method: 'GET', path: 'cotas/*', status: 200, times: 1, body: { assembleias: [{ numero: 13, data: '2026-11-01' }, { numero: 14, data: '2026-12-01' }] } });
    const text = screenText((await c.screen('/assembleias')).body);
    expect(text).toContain('Falta 1 dia.');
    expect(text).not.toContain('(s)');
  });

  it('does not show the assembly-day state to a contemplated quota', async () => {
    await stack.sandbox.setClock('2026-12-01T15:00:00.000Z');
    const c = await as('delta');
    await stack.sandbox.fault({ method: 'GET', path: 'cotas/*', status: 200, times: 1, body: { assembleias: [{ numero: 15, data: '2026-12-01' }] } });
    expect(screenText((await c.screen('/assembleias')).body)).not.toContain('Hoje é dia de assembleia');
  });

  it('says a result awaits tally, without numbers', async () => {
    const c = await as('ana');
    await stack.sandbox.fault({ method: 'GET', path: 'cotas/*', status: 200, times: 1, body: { numero: 13, data: '2026-11-21', situacao: 'AGUARDANDO_APURACAO', numerosSorteados: [] } });
    const text = screenText((await c.screen('/assembleias/numerossorteados?numero=13')).body);
    expect(text).toContain('Aguardando apuração');
    expect(text).toContain('O resultado desta assembleia ainda está em apuração.');
  });

  it('sends ulisses (group in formation) to the group-in-formation screen', async () => {
    const c = await as('ulisses');
    const main = await c.screen('/assembleias');
    expect(main.body).toMatchObject({ kind: 'redirect', to: '/assembleias/grupoemformacao' });
    expect(screenText((await c.screen(main.body.to)).body)).toContain('Seu grupo ainda está em formação.');
  });

  it('says the assemblies cannot be accessed now when the back office fails, and names an unknown assembly', async () => {
    const c = await as('ana');
    await stack.sandbox.fault({ method: 'GET', path: 'cotas/*', status: 503, times: 3 });
    expect(screenText((await c.screen('/assembleias')).body)).toContain('Não foi possível acessar as assembleias agora. Tente novamente mais tarde.');
    expect(screenText((await c.screen('/assembleias/numerossorteados?numero=99')).body)).toContain('Assembleia não encontrada.');
    expect(screenText((await c.screen('/assembleias/numerossorteados?numero=xyz')).body)).toContain('Assembleia não encontrada.');
  });
});
