import { describe, expect, test } from 'vitest';
import { SandboxClock } from '../../sandbox/src/clock.js';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('the assistant inside the logged-in area', () => {
  test('ana asks "quando vence meu boleto?" and gets her own due date, with the typing indicator, and finds the answer after a reload', async () => {
    const page = await browser.newPage();
    await loginInBrowser(page, stack.baseUrl, persona('ana'));
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');

    await page.goto(`${stack.baseUrl}/embraassist`);
    await page.getByText('Conversando sobre a cota 001234/0567.').waitFor();
    await page.getByRole('button', { name: 'Quando vence meu boleto?' }).waitFor();

    // The assistant takes a moment: the typing indicator shows meanwhile.
    await stack.sandbox.fault({ method: 'POST', path: 'embraassist/ia', delayMs: 1200, times: 1 });
    const composer = page.getByLabel('Sua mensagem');
    await composer.fill('quando vence meu boleto?');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await page.getByRole('status').filter({ hasText: 'O assistente está digitando…' }).waitFor();

    // Her first open instalment falls due 5 days from the back office's today (sandbox portfolio).
    const due = new SandboxClock().day(5).split('-').reverse().join('/');
    const log = page.getByRole('log', { name: 'Conversa com o assistente' });
    await log.getByText(`da cota 001234/0567, vence em ${due}`).waitFor();
    await page.getByRole('status').filter({ hasText: 'O assistente está digitando…' }).waitFor({ state: 'detached' });
    await expect.poll(() => composer.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => log.getByText('quando vence meu boleto?').count()).toBe(1);

    await page.reload();
    await page.getByRole('log', { name: 'Conversa com o assistente' }).getByText(`vence em ${due}`).waitFor();
    await page.close();
  });
});
