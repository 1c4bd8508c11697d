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
    expect(screenText((await c.screen('/assembleias/assembleiaanterior')).body)).toMatch(/13ª assembleia/);
  });

  it('opens the last assembly held with one back-office call when no number is asked, and says when the group has held none', async () => {
    const c = await as('ana');
    await stack.sandbox.clearCalls();
    const text = screenText((await c.screen('/assembleias/assembleiaanterior')).body);
    expect(text).toMatch(/13ª assembleia, em \d{2}\/\d{2}\/\d{4}/);
    expect(text).toContain('Contemplações: 2 por sorteio e 3 por lance.');
    const calls = (await stack.sandbox.calls()).map((call) => call.path.replace(/^cotas\/\d+\//, 'cotas/{id}/'));
    expect(calls.filter((path) => path.startsWith('cotas/{id}/'))).toEqual(['cotas/{id}/dashboard/resultado-assembleia']);
    await stack.sandbox.fault({ method: 'GET', path: 'cotas/*', status: 404, times: 1, body: { message: 'Nenhuma assembleia realizada.' } });
    expect(screenText((await c.screen('/assembleias/numerossorteados')).body)).not.toMatch(/assembleia, em/);
  });

  it('lists ana’s group calendar on /assembleias/calendario: the assemblies held, and until when a bid is accepted for each one to come', async () => {
    const c = await as('ana');
    const screen = await c.screen('/assembleias/calendario');
    expect(screen.body.title).toBe('Calendário de assembleias');
    const table = findAll(screen.body.layout, (n) => n.id === 'calendario')[0];
    expect(table.columns).toEqual(['Assembleia', 'Data', 'Lances até']);
    const rows = table.rows as string[][];
    expect(rows.map((r) => r[0])).toEqual(['11ª', '12ª', '13ª', '14ª', '15ª']);
    expect(rows.slice(0, 3).map((r) => r[2])).toEqual(['Realizada', 'Realizada', 'Realizada']);
    // The next one is in 10 days: bids until two days before it.
    const [day, month, year] = rows[3]![1]!.split('/').map(Number) as [number, number, number];
    const until = new Date(Date.UTC(year, month - 1, day - 2)).toISOString().slice(0, 10).split('-').reverse().join('/');
    expect(rows[3]![2]).toBe(until);
  });

  it('says the calendar cannot be read now when the back office fails, and keeps the way back', async () => {
    const c = await as('ana');
    await stack.sandbox.fault({ method: 'GET', path: 'cotas/*', status: 503, times: 3 });
    const text = screenText((await c.screen('/assembleias/calendario')).body);
    expect(text).toContain('Não foi possível acessar as assembleias agora.');
    expect(text).toContain('Voltar para as assembleias');
  });

  it('shows the numbers drawn on /assembleias/numerossorteados, and the quotas contemplated (by draw and by bid) on the result', async () => {
    const c = await as('ana');
    const drawn = await c.screen('/assembleias/numerossorteados?numero=13');
    const rows = findAll(drawn.body.layout, (n) => n.id === 'numeros-sorteados')[0].rows as Array<{ label: string; text: string }>;
    expect(rows.map((r) => r.label)).toEqual(['1º prêmio', '2º prêmio', '3º prêmio', '4º prêmio', '5º prêmio']);
    for (const r of rows) expect(r.text).toMatch(/^\d{5}$/);
    // The drawn numbers are not the contemplated quotas: those are on the result.
    expect(findAll(drawn.body.layout, (n) => n.id === 'cotas-contempladas')).toHaveLength(0);
    expect(screenText(drawn.body)).not.toContain('por lance');

    const result = await c.screen('/assembleias/assembleiaanterior?numero=13');
    const table = findAll(result.body.layout, (n) => n.id === 'cotas-contempladas')[0];
    expect(table.columns).toEqual(['Cota', 'Modalidade']);
    expect(table.rows.map((r: string[]) => r[1])).toEqual(['Sorteio', 'Sorteio', 'Lance', 'Lance', 'Lance']);
    for (const r of table.rows) expect(r[0]).toMatch(/^\d{4}$/);
    // The draw contemplates the quotas its numbers name (the last three digits of the first prizes).
    expect(table.rows.slice(0, 2).map((r: string[]) => r[0])).toEqual(rows.slice(0, 2).map((r) => `0${r.text.slice(-3)}`));
    expect(screenText(result.body)).toContain('Contemplações: 2 por sorteio e 3 por lance.');
    expect(findAll(result.body.layout, (n) => n.id === 'numeros-sorteados')).toHaveLength(0);
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
