import { beforeEach, describe, expect, it } from 'vitest';
import texts from '../../screens/texts/pt-BR.json' with { type: 'json' };
import { client, findAll, screenText } from '../helpers/api-client.js';
import { capturedLogs } from '../helpers/captured-logs.js';
import { useStack } from '../helpers/stack.js';

const logs = capturedLogs('warn');
const stack = useStack({}, { loggerInstance: logs.logger });
const warning = { startDate: '2000-01-01', startHour: '00:00', endDate: '2999-12-31', endHour: '23:59', active: true, text: 'Manutenção programada hoje à noite.' };

beforeEach(async () => {
  await stack.sandbox.reset();
  await stack.sandbox.clearFaults();
  logs.clear();
});

const degradedLines = () => logs.text().split('\n').filter((l) => l.includes('screen degraded')).map((l) => JSON.parse(l));

describe('a screen degrades, it does not fail', () => {
  it.each([
    ['a 503', { status: 503 }],
    ['a 200 with null', { status: 200, body: null }],
    ['a 200 with the wrong shape', { status: 200, body: { data: 'x' } }],
  ])('home renders without the partner warnings when they fail with %s, and logs the dropped part once', async (_name, fault) => {
    await stack.sandbox.setWarnings(1, [warning]);
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    await stack.sandbox.fault({ method: 'GET', path: 'parceiros/1/warnings', ...fault });
    const home = await c.screen('/home');
    expect(home.status).toBe(200);
    expect(home.body.kind).toBe('screen');
    expect(screenText(home.body)).not.toContain(warning.text);
    expect(screenText(home.body)).toContain('Ana');
    const logged = degradedLines();
    expect(logged).toHaveLength(1);
    expect(logged[0].dropped).toEqual([expect.objectContaining({ part: 'avisos', path: 'parceiros/{id}/warnings' })]);
  });

  it('home still fails with the error message when its essential call (the selected quota) fails', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    await stack.sandbox.fault({ method: 'GET', path: 'login/cota-selecionada', status: 503 });
    const home = await c.screen('/home');
    expect(home.status).toBe(503);
    expect(home.body).toMatchObject({ kind: 'error', retry: true });
  });

  it('home renders without the cash-billing card when the billing status fails', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('delta');
    const before = await c.screen('/home');
    const billingCard = (n: { id?: unknown }) => typeof n.id === 'string' && n.id.startsWith('card-');
    expect(findAll(before.body.layout, billingCard).length).toBeGreaterThan(0);
    await stack.sandbox.fault({ method: 'GET', path: 'core/faturamento-credito/status', status: 500 });
    const home = await c.screen('/home');
    expect(home.body.kind).toBe('screen');
    expect(findAll(home.body.layout, billingCard)).toHaveLength(0);
    expect(degradedLines()[0].dropped.map((d: { part: string }) => d.part)).toEqual(['faturamento']);
  });

  it('finance shows the stored error in place of the available values when they fail, and the rest', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    await c.screen('/financeiro');
    const path = (await stack.sandbox.calls()).map((call) => call.path).find((p) => p.endsWith('/valor-disponivel'))!;
    await stack.sandbox.fault({ method: 'GET', path, status: 502 });
    const text = screenText((await c.screen('/financeiro')).body);
    expect(text).toContain(`Valor a pagar: ${texts['confiabilidade.valores-indisponiveis']}`);
    expect(text).toMatch(/Saldo devedor: R\$ [\d.]+,\d{2}/);
  });
});

describe('the zip (CEP) lookup is secondary (doc 1 §8, doc 2 §8)', () => {
  it.each([
    ['a 503', { status: 503, times: 3 }],
    ['a 200 with null', { status: 200, body: null, times: 1 }],
    ['a 200 with the wrong shape', { status: 200, body: { logradouro: 1 }, times: 1 }],
    ['HTML with status 200', { status: 200, body: '<html>erro</html>', times: 1 }],
  ])('a lookup failing with %s keeps the CEP, clears the rest of the address and still renders the address screen', async (_name, fault) => {
    const c = client(stack.baseUrl);
    await c.login('bruno');
    await stack.sandbox.fault({ method: 'GET', path: 'buscas/cep/*', ...fault });
    const screen = await c.screen('/perfil/endereco?cep=01310100');
    expect(screen.status).toBe(200);
    expect(screen.body.kind).toBe('screen');
    expect(screenText(screen.body)).toContain('Não encontramos este CEP. Preencha o endereço.');
    const form = findAll(screen.body.layout, (n) => n.id === 'form-endereco')[0];
    expect(form.formData).toEqual({ tipo: 1, cep: '01310-100' });
    const degraded = degradedLines();
    expect(degraded).toHaveLength(1);
    expect(degraded[0].dropped).toEqual([expect.objectContaining({ part: 'cep', path: 'buscas/cep/{zipcode}' })]);
  });
});
