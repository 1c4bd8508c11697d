import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DecisionTable } from '../../screens/contract/flows.js';
import { decide } from '../../server/src/composition/flows/decide.js';
import { findAll } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';
import { ORDER, setVehicle, vehicleClient } from '../helpers/vehicle-billing.js';

/**
 * One test per row of each vehicle-billing table (doc 2 §4.5): the row's inputs are put in the
 * sandbox (status, new or used, manual flow, document deadline, company, paid-off quota) and the
 * customer gets what the row says — the screen /faturamento leads to, or the home card.
 */
const stack = useStack();
const table = (id: string) => JSON.parse(readFileSync(new URL(`../../screens/flows/${id}.json`, import.meta.url), 'utf8')) as DecisionTable;
const first = (cell: unknown) => (Array.isArray(cell) ? cell[0] : cell);

/** Inputs that reach this row: its own first values, the rest neutral (a product step, a new vehicle, a person). */
function inputsOf(t: DecisionTable, index: number): Record<string, unknown> {
  const when = t.rows[index]!.when;
  const base: Record<string, unknown> = { [t.inputs[0]!.name]: 'AGUARDANDO_DADOS_VEICULO', company: false, product: 'NOVO', manual: false, deadlineExpired: false, paidOff: false };
  for (const [name, cell] of Object.entries(when)) base[name] = first(cell);
  return base;
}

/** The persona and the sandbox state that stand for these inputs. */
async function arrange(inputs: Record<string, unknown>) {
  const persona = inputs.company ? 'vitoria' : inputs.paidOff ? 'quiteria' : 'fernanda';
  await setVehicle(stack.sandbox, persona, {
    status: (inputs.status ?? inputs.phase) as string,
    tipoFaturamento: inputs.product as string | null,
    fluxoManual: inputs.manual === true,
    criadoHaDias: inputs.deadlineExpired ? 91 : 1,
    // The purchase order so far, so that every new-vehicle screen has what it shows.
    pedido: ORDER,
  });
  return persona;
}

const clients = new Map<string, Awaited<ReturnType<typeof vehicleClient>>>();
const clientOf = async (persona: string) => {
  if (!clients.has(persona)) clients.set(persona, await vehicleClient(stack.baseUrl, persona));
  return clients.get(persona)!;
};

beforeAll(async () => {
  await stack.sandbox.reset();
});

for (const id of ['vehicle-billing-screen', 'new-vehicle-screen']) {
  describe(`${id}: /faturamento goes where the row says`, () => {
    const t = table(id);
    t.rows.forEach((row, index) => {
      it(`${id}#r${index + 1} ${JSON.stringify(row.when)}`, async () => {
        const inputs = inputsOf(t, index);
        expect(decide(t, inputs).row).toBe(index);
        const persona = await arrange(inputs);
        const expected = stack.app.flows.decide(id, inputs).outcome;
        const answer = await (await clientOf(persona)).screen('/faturamento');
        expect(answer.body).toMatchObject({ kind: 'redirect', to: expected });
        expect((await (await clientOf(persona)).screen(String(expected))).body.kind).toBe('screen');
      });
    });
  });
}

describe('new-vehicle-screen default: a step only used vehicles have, on a new-vehicle process, goes home', () => {
  it('new-vehicle-screen#default', async () => {
    await arrange({ status: 'BEM_ENCONTRADO', product: 'NOVO' });
    expect((await (await clientOf('fernanda')).screen('/faturamento')).body).toMatchObject({ kind: 'redirect', to: '/home' });
  });
});

describe('vehicle-billing-card: home shows the row’s card', () => {
  const t = table('vehicle-billing-card');
  t.rows.forEach((row, index) => {
    it(`vehicle-billing-card#r${index + 1} ${JSON.stringify(row.when)}`, async () => {
      const inputs = inputsOf(t, index);
      expect(decide(t, inputs).row).toBe(index);
      const persona = await arrange(inputs);
      const home = await (await clientOf(persona)).screen('/home');
      const cards = findAll(home.body.layout, (n) => typeof n.id === 'string' && n.id.startsWith('card-veiculo-'));
      expect(cards.map((n) => n.id)).toEqual([`card-${String(row.then)}`]);
    });
  });
});
