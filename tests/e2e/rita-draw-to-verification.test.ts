import { describe, test } from 'vitest';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('awarded flow in a real browser: rita (active draw, pesados)', () => {
  test('rita taps the contemplation notice on home, sees the draw and its conditions, confirms the offer and reaches the verification results', async () => {
    const page = await browser.newPage();
    await loginInBrowser(page, stack.baseUrl, persona('rita'));
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    // The modal of the day first (it leads to the billing part): not now.
    await page.getByText('Parabéns, sua cota foi contemplada!').waitFor();
    await page.getByRole('button', { name: 'Agora não' }).click();
    await page.locator('section.card', { hasText: 'Parabéns! Sua cota foi contemplada' }).getByRole('button', { name: 'Ver agora' }).click();
    await page.waitForURL('**/contemplado/sorteio');
    await page.getByText('Sua cota foi sorteada!').first().waitFor();
    await page.getByText('Sorteio ativo').first().waitFor();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/contemplado/condicoes-sorteio');
    await page.getByText('Condições do sorteio').first().waitFor();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/contemplado/oferta');
    await page.getByText('003 · Troca de chaves').waitFor();
    await page.getByRole('button', { name: 'Confirmar oferta' }).click();
    await page.getByText('Para continuar, confirme que leu e aceita as condições.').first().waitFor();
    await page.getByLabel('Li e concordo com as condições da oferta').check();
    await page.getByRole('button', { name: 'Confirmar oferta' }).click();
    await page.waitForURL('**/contemplado/verification');
    await page.getByText('Resultado da verificação').first().waitFor();
    await page.getByText('Situação do CPF/CNPJ').waitFor();
    await page.close();
  });
});
