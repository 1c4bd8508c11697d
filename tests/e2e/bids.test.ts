import { describe, expect, test } from 'vitest';
import { useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('bids in a real browser', () => {
  test('ana offers a bid with keys, sees the protocol, then cancels it from the history', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(8_000);
    await page.goto(`${stack.baseUrl}/entrar`);
    await page.getByLabel('CPF ou CNPJ').first().fill(persona('ana').document);
    await page.getByLabel('Senha de 6 dígitos').first().fill(persona('ana').password);
    await page.getByRole('button', { name: 'Entrar' }).first().click();
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    await page.goto(`${stack.baseUrl}/offers-and-bids-introduction`);
    await page.getByRole('button', { name: 'Fazer uma oferta' }).click();
    await page.waitForURL('**/offers-and-bids');
    await page.getByLabel('Valor do lance').fill('60.000,00');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Este valor excede o lance máximo').waitFor();
    await page.getByLabel('Valor do lance').fill('20.000,00');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/offers-and-bids?passo=builtin');
    await page.getByRole('button', { name: 'Pular esta etapa' }).click();
    await page.waitForURL('**/offers-and-bids?passo=keys');
    await page.getByLabel('Quero trocar as chaves').check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/offers-and-bids?passo=reduction');
    await page.getByLabel('O prazo').check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/offers-and-bids?passo=summary');
    await page.getByRole('button', { name: 'Confirmar oferta' }).click();
    await page.waitForURL('**/offers-and-bids?passo=confirmation');
    const protocolo = (await page.locator('.value-emphasis .value-text').textContent())!.trim();
    expect(protocolo).toMatch(/^2026\d{6}$/);
    await page.getByRole('button', { name: 'Ver histórico de lances' }).click();
    await page.waitForURL('**/bid_history');
    await page.locator('section.card', { hasText: protocolo }).getByRole('button', { name: 'Cancelar lance' }).click();
    await page.getByRole('dialog', { name: 'Cancelar este lance?' }).getByRole('button', { name: 'Sim, cancelar' }).click();
    await page.getByText('Lance cancelado.').waitFor();
    await page.locator('section.card', { hasText: protocolo }).getByText('Cancelado').waitFor();
    await page.close();
  });
});
