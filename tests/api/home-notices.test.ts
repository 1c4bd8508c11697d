import { afterEach, describe, expect, it } from 'vitest';
import { client, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

async function as(key: string) {
  const c = client(stack.baseUrl);
  await c.loginWithQuota(key);
  return c;
}

const home = async (c: Awaited<ReturnType<typeof as>>) => (await c.screen('/home')).body;

afterEach(async () => stack.sandbox.reset());

describe('home modals and warnings', () => {
  it('shows delta the contemplation modal once a day, on any device, and again the next day', async () => {
    const web = await as('delta');
    expect((await home(web)).modals.map((m: { id: string }) => m.id)).toEqual(['contemplacao']);
    expect((await home(web)).modals).toEqual([]);
    const phone = await as('delta');
    expect((await home(phone)).modals).toEqual([]);
    await stack.sandbox.advanceClock(24 * 3600);
    const tomorrow = await as('delta');
    const again = await home(tomorrow);
    expect(again.modals[0]).toMatchObject({ id: 'contemplacao', title: 'Parabéns, sua cota foi contemplada!' });
  });

  it('warns ‘don’t lose it’ while the contemplation notice is 0 to 5 days old (rita: 3 days), not at 6', async () => {
    expect(screenText(await home(await as('rita')))).toContain('Não perca! Sua cota foi contemplada');
    await stack.sandbox.addCase('fernanda', { numero: '00999003', tipo: 'Aviso de Contemplação', status: 'EM_ANDAMENTO', fase: 'Tratativa não Iniciada', criadoHaDias: 5 });
    expect(screenText(await home(await as('fernanda')))).toContain('Não perca!');
    await stack.sandbox.addCase('nina', { numero: '00999004', tipo: 'Aviso de Contemplação', status: 'EM_ANDAMENTO', fase: 'Tratativa não Iniciada', criadoHaDias: 6 });
    expect(screenText(await home(await as('nina')))).not.toContain('Não perca!');
  });

  it('shows the overdue modal for a case in phase Prazo Finalizado, and the verify modal for a concluded document case', async () => {
    await stack.sandbox.addCase('ana', { numero: '00999001', tipo: 'Pagamento de Crédito em Espécie', status: 'EM_ANDAMENTO', fase: 'Prazo Finalizado', criadoHaDias: 10 });
    const c = await as('ana');
    expect((await home(c)).modals[0]).toMatchObject({ id: 'prazo-finalizado', title: 'Prazo finalizado' });
    await stack.sandbox.addCase('marcos', { numero: '00999002', tipo: 'Consultoria de Análise de Documentos', status: 'Concluído', fase: 'Documentos Ilegíveis', criadoHaDias: 2 });
    const marcos = client(stack.baseUrl, `horizonte.localhost:${stack.port}`);
    await marcos.loginWithQuota('marcos');
    expect((await home(marcos)).modals[0]).toMatchObject({ id: 'verificar-documentos', title: 'Verifique seus documentos' });
  });

  it('loads the cases before the billing status, and stops before it for a cancelled quota', async () => {
    await as('delta').then(home);
    const calls = (await stack.sandbox.calls()).map((c) => c.path);
    const casesAt = calls.lastIndexOf('salesforce/consulta/casos');
    const billingAt = calls.lastIndexOf('core/faturamento-credito/status');
    expect(casesAt).toBeGreaterThan(-1);
    expect(billingAt).toBeGreaterThan(casesAt);
    await stack.sandbox.clearCalls();
    const helena = await home(await as('helena'));
    expect(helena.kind).toBe('screen');
    expect(helena.modals).toEqual([]);
    expect((await stack.sandbox.calls()).map((call) => call.path)).not.toContain('core/faturamento-credito/status');
  });
});
