import { describe, expect, test } from 'vitest';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

async function loginAndPickFirstQuota(page: import('playwright-core').Page, key: string) {
  await loginInBrowser(page, stack.baseUrl, persona(key));
  await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
  await page.waitForURL('**/home');
}

describe('bids in a real browser', () => {
  test('bruno’s imovel quota (assembly tomorrow) refuses a bid with the deadline message', async () => {
    const page = await browser.newPage();
    await loginAndPickFirstQuota(page, 'bruno');
    await page.goto(`${stack.baseUrl}/offers-and-bids-introduction`);
    await page.getByText('As ofertas de lance para a próxima assembleia estão encerradas').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Fazer uma oferta' }).count()).toBe(0);
    await page.goto(`${stack.baseUrl}/offers-and-bids`);
    await page.waitForURL('**/offers-and-bids-introduction');
    await page.close();
  });

  test('bruno’s servico quota skips both the FGTS and the keys steps', async () => {
    const page = await browser.newPage();
    await loginInBrowser(page, stack.baseUrl, persona('bruno'));
    await page.locator('section.card', { hasText: 'Serviço' }).getByRole('button', { name: 'Acompanhar esta cota' }).click();
    await page.waitForURL('**/home');
    await page.goto(`${stack.baseUrl}/offers-and-bids`);
    await page.getByLabel('Lance fixo (30%)').check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/offers-and-bids?passo=builtin');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/offers-and-bids?passo=reduction');
    await expect.poll(() => page.locator('.stepper li').allTextContents()).toEqual(['Tipo de lance', 'Lance embutido', 'Redução', 'Resumo', 'Confirmação']);
    await page.close();
  });

  test('quintino uses FGTS on his imovel quota: two conditions and a purpose, a percentage bid, FGTS as a percentage', async () => {
    const page = await browser.newPage();
    await loginAndPickFirstQuota(page, 'quintino');
    await page.goto(`${stack.baseUrl}/offers-and-bids`);
    await page.getByLabel('Em percentual do bem').check();
    await page.getByLabel('Valor do lance').fill('20');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/offers-and-bids?passo=builtin');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/offers-and-bids?passo=fgts');
    await page.getByLabel('Valor do FGTS').fill('10.000,00');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Para usar o FGTS, confirme as duas condições e escolha a finalidade.').waitFor();
    await page.getByLabel('Tenho pelo menos 3 anos de trabalho com FGTS').check();
    await page.getByLabel('Não tenho financiamento ativo no SFH').check();
    await page.getByLabel('Construir').check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/offers-and-bids?passo=reduction');
    await page.getByLabel('A parcela').check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/offers-and-bids?passo=summary');
    await page.getByText('R$ 10.000,00 (14,29%)').waitFor();
    await page.close();
  });

  test('ana offers a bid with keys, sees the protocol, then cancels it from the history', async () => {
    const page = await browser.newPage();
    await loginAndPickFirstQuota(page, 'ana');
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
