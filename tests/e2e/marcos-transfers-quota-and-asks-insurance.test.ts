import { describe, test } from 'vitest';
import { client, findAll } from '../helpers/api-client.js';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { setQuotaState } from '../helpers/special-flows.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

/** marcos at partner Horizonte, on his home. */
async function home() {
  const page = await browser.newPage();
  const base = `http://horizonte.localhost:${stack.port}`;
  await loginInBrowser(page, base, persona('marcos'));
  await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
  await page.waitForURL('**/home');
  return page;
}

describe('quota transfer and insurance offer in a real browser', () => {
  test('marcos sees the 1 % fee, is refused his own CPF and one that does not check, confirms his e-mail and transfers the quota', async () => {
    await stack.sandbox.reset();
    const page = await home();
    await page.getByRole('link', { name: 'Transferir cota' }).click();
    await page.waitForURL('**/transferencia-cota/introducao');
    await page.getByText('R$ 250,00').first().waitFor();
    await page.getByRole('button', { name: 'Iniciar transferência' }).click();
    await page.waitForURL('**/transferencia-cota/cpf-cnpj-cessionario');
    const assignee = page.getByLabel('CPF ou CNPJ do cessionário', { exact: false }).first();
    await assignee.fill('017.834.426-54');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('O cessionário não pode ser o próprio titular da cota.').first().waitFor();
    await assignee.fill('123.456.789-00');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('CPF/CNPJ inválido. Confira os números digitados.').first().waitFor();
    await assignee.fill('661.157.509-03');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/transferencia-cota/confirmar-email');
    await page.getByText('marcos.teixeira@example.com.br').waitFor();
    await page.getByRole('button', { name: 'Sim, confirmar a transferência' }).click();
    await page.waitForURL('**/transferencia-cota/sucesso');
    await page.getByText('Transferência solicitada').first().waitFor();
    await page.close();
  });

  test('marcos, with an instalment overdue, is told the transfer is refused because of the overdue rule', async () => {
    await stack.sandbox.reset();
    const page = await home();
    const idCota = await quotaId();
    await setQuotaState(stack, idCota, { parcelasAtraso: 1 });
    await page.goto(`http://horizonte.localhost:${stack.port}/transferencia-cota/introducao`);
    await page.getByText('Não é possível transferir esta cota').first().waitFor();
    await page.getByText('Motivo: a cota tem parcelas em atraso.', { exact: false }).waitFor();
    await page.close();
  });

  test('marcos (not insured) simulates the insurance, is refused a phone without area code and asks to be called', async () => {
    await stack.sandbox.reset();
    const page = await home();
    await page.getByRole('link', { name: 'Seguro para as parcelas' }).click();
    await page.waitForURL('**/ofertaseguro/introducao');
    await page.getByText('o seguro paga até 6 meses das suas parcelas', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Simular o seguro' }).click();
    await page.waitForURL('**/ofertaseguro/simulacao');
    await page.getByRole('button', { name: 'Quero contratar' }).click();
    await page.waitForURL('**/ofertaseguro/solicitar');
    const phone = page.getByLabel('Telefone com DDD', { exact: false }).first();
    await phone.fill('98789-7890');
    await page.getByLabel('Tarde (13h às 19h)').check();
    await page.getByRole('button', { name: 'Solicitar contato' }).click();
    await page.getByText('Informe o telefone com DDD.').first().waitFor();
    await phone.fill('(62) 98789-7890');
    await page.getByRole('button', { name: 'Solicitar contato' }).click();
    await page.waitForURL('**/ofertaseguro/sucesso');
    await page.getByText('Recebemos seu pedido de seguro.', { exact: false }).waitFor();
    await page.close();
  });
});

/** The id of marcos's quota, as his quota list carries it. */
async function quotaId(): Promise<number> {
  const c = client(stack.baseUrl, `horizonte.localhost:${stack.port}`);
  await c.login('marcos');
  const list = await c.screen('/groups-and-quotas');
  return findAll(list.body.layout, (n) => n.type === 'card' && String(n.id).startsWith('cota-'))[0].action.action.payload.idCota as number;
}
