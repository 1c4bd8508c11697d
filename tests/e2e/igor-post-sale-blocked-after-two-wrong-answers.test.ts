import { describe, test } from 'vitest';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('post-sale onboarding in a real browser', () => {
  test('igor follows the post-sale card, is refused a non-year, is warned once, is blocked on the second wrong year and asks for a call-back in the afternoon', async () => {
    const page = await browser.newPage();
    await loginInBrowser(page, stack.baseUrl, persona('igor'));
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    await page.getByText('Enviamos para o seu e-mail as boas-vindas ao consórcio.', { exact: false }).first().waitFor();
    await page.locator('section.card', { hasText: 'Boas-vindas ao seu consórcio' }).getByRole('button', { name: 'Iniciar' }).click();
    await page.waitForURL('**/pos-venda');
    await page.getByText('Passo 1 de 13').waitFor();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/pos-venda/validacao-seguranca');
    await page.getByText('Em que ano você nasceu?').waitFor();
    const year = page.getByLabel('Ano (4 dígitos)', { exact: false }).first();
    await year.fill('abcd');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Informe um ano com 4 dígitos, por exemplo 1985.').first().waitFor();
    await year.fill('1999');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Informação incorreta.').first().waitFor();
    await page.getByText('você tem mais uma tentativa', { exact: false }).first().waitFor();
    await year.fill('1998');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL('**/pos-venda/desvio-manual?motivo=seguranca');
    await page.getByText('Nossa equipe vai ligar para você', { exact: false }).first().waitFor();
    const phone = page.getByLabel('Telefone com DDD', { exact: false }).first();
    await phone.fill('98777-8888');
    await page.getByLabel('Tarde (13h às 19h)').check();
    await page.getByRole('button', { name: 'Quero que me liguem' }).click();
    await page.getByText('Informe o telefone com DDD.').first().waitFor();
    await phone.fill('(85) 98777-8888');
    await page.getByRole('button', { name: 'Quero que me liguem' }).click();
    await page.waitForURL('**/pos-venda/desvio-manual?motivo=seguranca&enviado=1');
    await page.getByText('Pronto! Nossa equipe vai ligar para você no período escolhido.').waitFor();
    // The flow stays blocked.
    await page.goto(`${stack.baseUrl}/pos-venda`);
    await page.waitForURL('**/pos-venda/desvio-manual?motivo=seguranca');
    await page.close();
  });
});
