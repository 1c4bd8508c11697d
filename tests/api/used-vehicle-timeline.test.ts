import { readFileSync } from 'node:fs';
import supertest from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DecisionTable } from '../../screens/contract/flows.js';
import { isBusinessDay } from '../../server/src/domain/business-days.js';
import { decide } from '../../server/src/composition/flows/decide.js';
import { findAll } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';
import { setUsedVehicle } from '../helpers/used-vehicle.js';
import { vehicleClient } from '../helpers/vehicle-billing.js';

/**
 * The used-vehicle timeline (doc 2 §4.5), one test per process-state row of the definitions: the
 * sandbox control puts eduardo's process in each state of the row; /faturamento leads to the
 * row's page (home while that page is not served yet), and the central shows the row's step open,
 * the steps before it concluded and the ones after it closed. The payment rows: sent → concluded,
 * in progress or reprocessing → pending "em até 5 dias úteis", reversed → error with the redo button.
 */
const stack = useStack();
const table = (id: string) => JSON.parse(readFileSync(new URL(`../../screens/flows/${id}.json`, import.meta.url), 'utf8')) as DecisionTable;
const cells = (cell: unknown): unknown[] => (Array.isArray(cell) ? cell : [cell]);
const STEPS = ['atualizacao-cadastral', 'simulacao', 'vistoria', 'dados-proprietario', 'assinatura-contrato', 'pagamento'];
const KIND = { pessoafisica: 'PF', revendedora: 'REVENDEDORA_CONCESSIONARIA', locadora: 'LOCADORA', pessoajuridica: 'OUTRAS_EMPRESAS' } as const;
const CENTRAL = '/faturamentoseminovo/centralcontemplacao';

let eduardo: Awaited<ReturnType<typeof vehicleClient>>;
beforeAll(async () => {
  await stack.sandbox.reset();
  eduardo = await vehicleClient(stack.baseUrl, 'eduardo');
});

/** The timeline component of a screen: its steps {title, status, statusText, text?}. */
async function timelineOf(path: string) {
  const answer = await eduardo.screen(path);
  expect(answer.body.kind).toBe('screen');
  const [timeline] = findAll(answer.body.layout, (n) => n.type === 'timeline');
  return { steps: timeline.steps as Array<{ title: string; status: string; statusText: string; text?: string }>, layout: answer.body.layout };
}

const served = (path: string) => stack.app.definitions.routes.some((r) => r.path === path);

describe('used-vehicle-step: each process state → step, status and page', () => {
  const t = table('used-vehicle-step');
  t.rows.forEach((row, index) => {
    const when = row.when as Record<string, unknown>;
    it(`used-vehicle-step#r${index + 1} ${JSON.stringify(when)}`, async () => {
      const digital = when.digital === true;
      const sellerType = (cells(when.sellerType)[0] as keyof typeof KIND | undefined) ?? 'pessoafisica';
      for (const state of cells(when.state) as string[]) {
        const inputs = { state, digital, introSeen: when.introSeen === true, sellerType };
        expect(decide(t, inputs).row).toBe(index);
        // The sandbox has no "intro seen": the server decides with introSeen false.
        const expected = stack.app.flows.decide('used-vehicle-step', { ...inputs, introSeen: false }).outcome as { step: string; page: string };
        expect(expected.step).toBe((row.then as { step: string }).step);
        await setUsedVehicle(stack.sandbox, 'eduardo', { estadoProcesso: state, isDigital: digital, statusPagamento: null, vendedor: { tipoVendedor: KIND[sellerType] } });

        // /faturamento: the common/manual table first (awaiting the choice of good → quota selection), then the row's page.
        const common = stack.app.flows.decide('vehicle-billing-screen', { status: state, company: false, product: 'SEMINOVO' }).outcome;
        const target = await eduardo.screen('/faturamento');
        expect(target.body, state).toMatchObject({ kind: 'redirect', to: typeof common === 'string' ? common : served(expected.page) ? expected.page : '/home' });
        if (served(expected.page)) expect((await eduardo.screen(expected.page)).body.kind, `${state} ${expected.page}`).toBe('screen');

        const { steps } = await timelineOf(CENTRAL);
        const at = STEPS.indexOf(expected.step);
        expect(steps.map((s) => s.status), state).toEqual(STEPS.map((_, i) => (i < at ? 'done' : i > at ? 'todo' : 'current')));
        expect(steps[at]!.statusText).toBe('Em andamento');
        if (at > 0) expect(steps[at - 1]!.statusText).toBe('Concluído');
        if (at < STEPS.length - 1) expect(steps[at + 1]!.statusText).toBe('Fechado');
      }
    });
  });
});

describe('payment-step: the payment step of the timeline', () => {
  const t = table('payment-step');
  const arrange = (statusPagamento: string) => setUsedVehicle(stack.sandbox, 'eduardo', { estadoProcesso: 'PAGAMENTO_ENVIADO', statusPagamento, vendedor: { tipoVendedor: 'PF' } });
  const payment = async () => {
    const { steps, layout } = await timelineOf('/faturamentoseminovo/acompanharpagamento');
    expect(steps.slice(0, 5).map((s) => s.status)).toEqual(['done', 'done', 'done', 'done', 'done']);
    return { step: steps[5]!, layout };
  };

  it('payment-step#r1 sent → concluded', async () => {
    expect(decide(t, { status: 'PAGAMENTO_ENVIADO' }).row).toBe(0);
    await arrange('PAGAMENTO_ENVIADO');
    const { step } = await payment();
    expect(step).toMatchObject({ title: 'Pagamento', status: 'done', statusText: 'Concluído', text: 'Pagamento enviado ao vendedor.' });
  });

  it('payment-step#r2 in progress and reprocessing → pending within 5 business days', async () => {
    for (const status of cells(t.rows[1]!.when.status) as string[]) {
      expect(decide(t, { status }).row).toBe(1);
      await arrange(status);
      const { step, layout } = await payment();
      expect(step).toMatchObject({ title: 'Pagamento', status: 'current', statusText: 'Pendente' });
      const m = /em até 5 dias úteis, até (\d{2})\/(\d{2})\/(\d{4})\./.exec(step.text ?? '');
      expect(m, status).not.toBeNull();
      expect(isBusinessDay(`${m![3]}-${m![2]}-${m![1]}`)).toBe(true);
      expect(findAll(layout, (n) => n.type === 'button' && n.label === 'Refazer dados bancários')).toEqual([]);
    }
  });

  it('payment-step#r3 reversed → error with a redo button to the reversal bank-data page', async () => {
    expect(decide(t, { status: 'PAGAMENTO_ESTORNADO' }).row).toBe(2);
    await arrange('PAGAMENTO_ESTORNADO');
    const { step, layout } = await payment();
    expect(step).toMatchObject({ title: 'Pagamento', status: 'error', statusText: 'Erro' });
    const [redo] = findAll(layout, (n) => n.type === 'button' && n.label === 'Refazer dados bancários');
    expect(redo.action).toEqual({ type: 'navigate', to: '/faturamentoseminovo/dadosbancariosestorno' });
    expect((await eduardo.screen('/faturamentoseminovo/dadosbancariosestorno')).body.kind).toBe('screen');
  });

  it('payment-step#default awaiting payment → open', async () => {
    expect(decide(t, { status: 'AGUARDANDO_PAGAMENTO' }).row).toBe('default');
    await arrange('AGUARDANDO_PAGAMENTO');
    const { step } = await payment();
    expect(step).toMatchObject({ title: 'Pagamento', status: 'current', statusText: 'Em andamento' });
  });
});

describe('partner agent', () => {
  it('sees the simulation step as "Indicação do bem"', async () => {
    await setUsedVehicle(stack.sandbox, 'eduardo', { estadoProcesso: 'AGUARDANDO_DADOS_VISTORIA', statusPagamento: null, vendedor: null });
    const token = await stack.sandbox.transparentToken('eduardo', undefined, 'agente-horizonte-7');
    const res = await supertest(stack.baseUrl).get(`/login-transparente/${token}`).redirects(0);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const central = await supertest(stack.baseUrl).get('/api/screens').query({ path: CENTRAL }).set('cookie', cookie);
    const [timeline] = findAll(central.body.layout, (n) => n.type === 'timeline');
    expect(timeline.steps.map((s: { title: string }) => s.title)).toEqual(['Atualização cadastral', 'Indicação do bem', 'Vistoria', 'Dados do proprietário', 'Assinatura do contrato', 'Pagamento']);
    expect(timeline.steps[1].status).toBe('current');
    // The customer sees "Simulação".
    const own = await timelineOf(CENTRAL);
    expect(own.steps[1]!.title).toBe('Simulação');
  });
});
