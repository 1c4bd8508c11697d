import { beforeEach, describe, expect, it } from 'vitest';
import { asCustomerWithFirstQuota, screenText } from '../helpers/api-client.js';
import { setQuotaState } from '../helpers/special-flows.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

const marcos = () => asCustomerWithFirstQuota(stack.baseUrl, 'marcos', `horizonte.localhost:${stack.port}`);

const caseCreates = async () => (await stack.sandbox.calls()).filter((call) => call.path === 'salesforce/casos');
const form = { telefone: '(62) 98789-7890', email: 'marcos.teixeira@example.com.br', horario: 'TARDE' };

beforeEach(async () => {
  await stack.sandbox.reset();
  await stack.sandbox.clearCalls();
  await stack.sandbox.clearFaults();
});

describe('insurance offer (doc 2 §2.9, §4.9)', () => {
  it('offers marcos (not insured) the simulation: unemployment cover pays up to 6 instalments', async () => {
    const { c } = await marcos();
    expect(screenText((await c.screen('/ofertaseguro/introducao')).body)).toContain('o seguro paga até 6 meses das suas parcelas');
    const simulation = screenText((await c.screen('/ofertaseguro/simulacao')).body);
    expect(simulation).toContain('Valor da sua parcela: R$ 686,69');
    expect(simulation).toContain('Cobertura por desemprego: até 6 parcelas (R$ 4.120,14)');
  });

  it('refuses a phone without area code, sending nothing', async () => {
    const { c } = await marcos();
    expect((await c.action('insurance/request', { ...form, telefone: '98789-7890' })).body).toEqual({ kind: 'field-errors', errors: { telefone: 'Informe o telefone com DDD.' } });
    expect(await caseCreates()).toHaveLength(0);
  });

  it('opens the insurance-offer case with phone, e-mail and best time, then shows the wait page', async () => {
    const { c } = await marcos();
    expect((await c.action('insurance/request', form)).body).toEqual({ kind: 'navigate', to: '/ofertaseguro/sucesso' });
    const body = JSON.stringify((await caseCreates())[0]?.body);
    expect(body).toContain('Oferta de Seguro');
    expect(body).toContain('62987897890');
    expect(body).toContain('Tarde (13h às 19h)');
    expect((await c.screen('/ofertaseguro/introducao')).body).toMatchObject({ kind: 'redirect', to: '/ofertaseguro/aguarde' });
  });

  it('sends an insured quota (possui_seguro S) to the acquired page', async () => {
    const { c, idCota } = await marcos();
    await setQuotaState(stack, idCota, { possuiSeguro: true });
    expect((await c.screen('/ofertaseguro/introducao')).body).toMatchObject({ kind: 'redirect', to: '/ofertaseguro/adquirido' });
    expect(screenText((await c.screen('/ofertaseguro/adquirido')).body)).toContain('Sua cota já tem seguro');
  });

  it("shows 'Ops, algo de errado =(' and the out-of-service message when the back office is down", async () => {
    const { c, idCota } = await marcos();
    await stack.sandbox.fault({ method: 'GET', path: `cotas/${idCota}/seguro/dados`, status: 503, times: 3 }); // a GET is retried twice
    const answer = (await c.screen('/ofertaseguro/introducao')).body;
    expect(answer).toMatchObject({ kind: 'redirect' });
    const page = screenText((await c.screen(answer.to)).body);
    expect(page).toContain('Ops, algo de errado =(');
    expect(page).toContain('O serviço de seguro está fora do ar no momento.');
  });
});
