import { beforeEach, describe, expect, it } from 'vitest';
import { asCustomerWithFirstQuota, findAll, screenText } from '../helpers/api-client.js';
import { setQuotaState } from '../helpers/special-flows.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

const as = (key: string) => asCustomerWithFirstQuota(stack.baseUrl, key);

const reactivationCard = async (c: Awaited<ReturnType<typeof as>>['c']) => findAll((await c.screen('/home')).body.layout, (n) => n.id === 'card-reativacao')[0];
const caseCreates = async () => (await stack.sandbox.calls()).filter((call) => call.path === 'salesforce/casos');
const form = { telefone: '(81) 98555-6666', email: 'helena.souza@example.com.br', horario: 'MANHA' };

beforeEach(async () => {
  await stack.sandbox.reset();
  await stack.sandbox.clearCalls();
});

describe('reactivation (doc 2 §4.8, §9)', () => {
  it('shows helena the card (cancelled, not contemplated, assembly 30 of 80, 6 paid) leading to /reactivate', async () => {
    const { c } = await as('helena');
    const card = await reactivationCard(c);
    expect(card.title).toBe('Reative sua cota');
    expect(card.action).toMatchObject({ label: 'Acessar', action: { type: 'navigate', to: '/reactivate' } });
  });

  it('shows the card at assembly = total − 5 and not at total − 4; not without a paid instalment, nor for a contemplated quota', async () => {
    const { c, idCota } = await as('helena');
    await setQuotaState(stack, idCota, { assembleiaAtual: 75 });
    expect(await reactivationCard(c)).toBeDefined();
    await setQuotaState(stack, idCota, { assembleiaAtual: 76 });
    expect(await reactivationCard(c)).toBeUndefined();
    await setQuotaState(stack, idCota, { assembleiaAtual: 30, parcelasPagas: 0 });
    expect(await reactivationCard(c)).toBeUndefined();
    await setQuotaState(stack, idCota, { parcelasPagas: 6, contempladaHaDias: 10 });
    expect(await reactivationCard(c)).toBeUndefined();
  });

  it('shows no card while a case is Em Andamento, and none for a quota that is not cancelled', async () => {
    const { c } = await as('helena');
    await stack.sandbox.addCase('helena', { numero: '00499001', tipo: 'Atualização Cadastral', status: 'EM_ANDAMENTO', fase: 'Triagem em Andamento', criadoHaDias: 1 });
    expect(await reactivationCard(c)).toBeUndefined();
    const ana = await as('ana');
    expect(await reactivationCard(ana.c)).toBeUndefined();
  });

  it('refuses a phone without area code and a bad e-mail, opening no case', async () => {
    const { c } = await as('helena');
    const answer = await c.action('reactivation/request', { ...form, telefone: '98555-6666', email: 'helena@' });
    expect(answer.body).toEqual({ kind: 'field-errors', errors: { telefone: 'Informe o telefone com DDD.', email: 'E-mail inválido' } });
    expect(await caseCreates()).toHaveLength(0);
  });

  it('opens the reactivation case and says so; the card gives way to the request in progress', async () => {
    const { c } = await as('helena');
    const answer = await c.action('reactivation/request', form);
    expect(answer.body).toEqual({ kind: 'snackbar', message: 'Recebemos sua solicitação de reativação. Em breve nossa equipe entrará em contato.', to: '/reactivate' });
    const [create] = await caseCreates();
    expect(JSON.stringify(create?.body)).toContain('Reativação de Cota');
    expect(screenText((await c.screen('/reactivate')).body)).toContain('Recebemos sua solicitação de reativação.');
    expect(await reactivationCard(c)).toBeUndefined();
  });

  it('shows the failure message when the case create does not answer composite 200 or 201', async () => {
    const { c } = await as('helena');
    await stack.sandbox.fault({ method: 'POST', path: 'salesforce/casos', status: 200, times: 1, body: { compositeResponse: [{ referenceId: 'caso', httpStatusCode: 400, body: [{ errorCode: 'X', message: 'recusado' }] }] } });
    const answer = await c.action('reactivation/request', form);
    expect(answer.body).toEqual({ kind: 'field-errors', errors: {}, message: 'Não foi possível solicitar a reativação da cota agora. Tente novamente em instantes.' });
    // Nothing was opened: the contact form is still offered.
    expect(findAll((await c.screen('/reactivate')).body.layout, (n) => n.id === 'form-reativacao')).toHaveLength(1);
  });
});
