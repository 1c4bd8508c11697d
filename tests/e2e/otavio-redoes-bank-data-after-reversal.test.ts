import { describe, expect, test } from 'vitest';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('used-vehicle payment reversed, in a real browser', () => {
  test('otavio sees the reversed payment on the timeline, redoes the seller’s bank data and sees the payment back in progress', async () => {
    await stack.sandbox.reset();
    const page = await browser.newPage();
    await loginInBrowser(page, stack.baseUrl, persona('otavio'));
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    // The contemplation notice of the day leads to /faturamento, which picks the used vehicle's payment follow-up.
    const notice = page.getByRole('dialog');
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Ver próximos passos' }).click();
    await page.waitForURL('**/faturamentoseminovo/acompanharpagamento');
    const timeline = page.getByRole('region', { name: 'Etapas do faturamento' });
    await timeline.getByText('Pagamento estornado: refaça os dados bancários do vendedor.').waitFor();
    const paymentStep = timeline.getByRole('listitem').filter({ hasText: 'Pagamento estornado' });
    expect(await paymentStep.locator('.timeline-status').textContent()).toBe('Erro');
    await page.getByText('Causas prováveis: conta bancária inválida ou errada', { exact: false }).first().waitFor();

    await page.getByRole('button', { name: 'Refazer dados bancários' }).click();
    await page.waitForURL('**/faturamentoseminovo/dadosbancariosestorno');
    await page.getByText('Rogério Almeida Prado · 529.982.247-25').first().waitFor();

    // The account in the buyer's own name is refused next to the field; what was typed stays.
    await page.getByRole('combobox', { name: /^Banco/ }).selectOption({ label: '237 · Bradesco' });
    await page.getByLabel('Agência (4 dígitos, sem o dígito)').fill('4321');
    await page.getByLabel('Conta com dígito').fill('998877');
    await page.getByLabel('CPF do titular da conta').fill('818.796.406-51');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Os dados do comprador (titular da cota) não são aceitos', { exact: false }).first().waitFor();
    expect(page.url()).toContain('/faturamentoseminovo/dadosbancariosestorno');
    expect(await page.getByLabel('Conta com dígito').inputValue()).toBe('998877');
    expect(await page.getByLabel('Agência (4 dígitos, sem o dígito)').inputValue()).toBe('4321');

    await page.getByLabel('CPF do titular da conta').fill('529.982.247-25');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/faturamentoseminovo/acompanharpagamento');
    const again = page.getByRole('region', { name: 'Etapas do faturamento' });
    await again.getByText(/em até 5 dias úteis, até \d{2}\/\d{2}\/\d{4}/).waitFor();
    const payment = again.getByRole('listitem').filter({ hasText: 'em até 5 dias úteis' });
    expect(await payment.locator('.timeline-status').textContent()).toBe('Pendente');
    expect(await page.getByRole('button', { name: 'Refazer dados bancários' }).count()).toBe(0);
    await page.close();
  });
});
