import { describe, expect, test } from 'vitest';
import { loginToHome, useBrowser } from '../helpers/browser.js';
import { settled } from '../helpers/every-screen.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

const bidPosts = async () => (await stack.sandbox.calls()).filter((call) => call.method === 'POST' && /^cotas\/\d+\/credenciamento-lance$/.test(call.path));
const slipPosts = async () => (await stack.sandbox.calls()).filter((call) => call.method === 'POST' && call.path.endsWith('/cobrancas/boleto'));

describe('a double click on a money submit', () => {
  test('ana double-clicks "Confirmar oferta" while the back office is slow: one bid is sent, and she sees its protocol', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await loginToHome(page, stack.baseUrl, persona('ana'), 'Olá, Ana');
    await page.goto(`${stack.baseUrl}/offers-and-bids-introduction`);
    await page.getByRole('button', { name: 'Fazer uma oferta' }).click();
    await page.waitForURL('**/offers-and-bids');
    await page.getByLabel('Valor do lance').fill('20.000,00');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/offers-and-bids?passo=builtin');
    await page.getByRole('button', { name: 'Pular esta etapa' }).click();
    await page.waitForURL('**/offers-and-bids?passo=keys');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/offers-and-bids?passo=reduction');
    await page.getByLabel('O prazo').check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/offers-and-bids?passo=summary');
    const confirm = page.getByRole('button', { name: 'Confirmar oferta' });
    await confirm.waitFor();
    await stack.sandbox.clearCalls();
    await stack.sandbox.fault({ method: 'POST', path: 'cotas/*', delayMs: 600, times: 1 });
    await confirm.dblclick();
    await page.waitForURL('**/offers-and-bids?passo=confirmation');
    expect((await page.locator('.value-emphasis .value-text').textContent())!.trim()).toMatch(/^\d{10}$/);
    expect(await bidPosts()).toHaveLength(1);
    await context.close();
  });

  test('ana double-clicks "Gerar boleto" while the back office is slow: one slip is asked for, and she sees it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await loginToHome(page, stack.baseUrl, persona('ana'), 'Olá, Ana');
    // As a person does: the home drawn whole (nothing loading, icons and images in) before a shortcut is tapped.
    await settled(page);
    await page.getByRole('navigation', { name: 'Sua cota' }).getByRole('link', { name: 'Boletos', exact: true }).click();
    await page.waitForURL('**/boletos');
    const generate = page.getByRole('button', { name: 'Gerar boleto' }).first();
    await generate.waitFor();
    await stack.sandbox.clearCalls();
    // The back office takes a moment: the second click lands while the first request is on its way.
    await stack.sandbox.fault({ method: 'POST', path: 'cotas/*', delayMs: 600, times: 1 });
    await generate.dblclick();
    await page.waitForURL('**/boletos/boletogerado?boleto=*');
    await page.getByText('Linha digitável').first().waitFor();
    expect(await slipPosts()).toHaveLength(1);
    await context.close();
  });
});
