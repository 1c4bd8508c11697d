import { describe, test } from 'vitest';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('reactivation in a real browser', () => {
  test('helena (cancelled, not contemplated) follows the reactivation card, is refused a phone without area code and sends the contact form', async () => {
    const page = await browser.newPage();
    await loginInBrowser(page, stack.baseUrl, persona('helena'));
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    await page.locator('section.card', { hasText: 'Reative sua cota' }).getByRole('button', { name: 'Acessar' }).click();
    await page.waitForURL('**/reactivate');
    const phone = page.getByLabel('Telefone com DDD', { exact: false }).first();
    await phone.fill('98555-6666');
    await page.getByLabel('Manhã (08h às 13h)').check();
    await page.getByRole('button', { name: 'Solicitar reativação' }).click();
    await page.getByText('Informe o telefone com DDD.').first().waitFor();
    await phone.fill('(81) 98555-6666');
    await page.getByRole('button', { name: 'Solicitar reativação' }).click();
    await page.getByText('Recebemos sua solicitação de reativação. Em breve nossa equipe entrará em contato.').first().waitFor();
    await page.close();
  });
});
