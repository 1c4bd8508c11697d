import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations } from '../helpers/axe.js';
import { loginInBrowser, loginStaffInBrowser, PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { consoleOrigin } from '../helpers/console-host.js';
import { settled } from '../helpers/every-screen.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

/** A browser of ana's of its own (its own cookies), logged in and at her quota list. */
async function anaInABrowser(): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  page.setDefaultTimeout(PERSON_WAIT_MS);
  await loginInBrowser(page, stack.baseUrl, persona('ana'));
  await page.waitForURL('**/groups-and-quotas');
  return page;
}

describe('a customer’s sessions in a real browser', () => {
  test('ana opens her sessions from her profile, sees two, ends the other one, and that browser’s next screen is the login', async () => {
    const other = await anaInABrowser();
    const page = await anaInABrowser();

    await page.goto(`${stack.baseUrl}/perfil`);
    await page.getByRole('button', { name: 'Sessões ativas' }).click();
    await page.waitForURL('**/perfil/sessoes');
    const sessions = page.getByRole('list', { name: 'Sessões ativas' });
    await sessions.getByRole('listitem').nth(1).waitFor();
    expect(await sessions.getByRole('listitem').count()).toBe(2);
    // This browser's own session comes first, marked; it has no end button of its own.
    const own = sessions.getByRole('listitem').first();
    await own.getByText('Esta sessão').waitFor();
    await own.getByText('Último acesso: agora').waitFor();
    expect(await own.getByRole('button').count()).toBe(0);
    // The other one is ended by a button named for when it started.
    const end = sessions.getByRole('button', { name: /^Encerrar sessão iniciada em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/ });
    expect(await end.count()).toBe(1);
    const started = (await end.getAttribute('aria-label'))!.replace('Encerrar sessão iniciada em ', '');
    await sessions.getByRole('listitem').nth(1).getByText(`Iniciada em ${started}`).waitFor();

    await end.click();
    await page.getByRole('status').filter({ hasText: 'Sessão encerrada.' }).waitFor();
    await page.getByText('Não há outras sessões abertas.').waitFor();
    expect(await sessions.getByRole('listitem').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Encerrar as outras sessões' }).count()).toBe(0);

    // The other browser, on its next screen, is asked to log in again.
    await other.goto(`${stack.baseUrl}/home`);
    await other.waitForURL((url) => url.pathname === '/login' || url.pathname.startsWith('/entrar'));
    await other.getByText('Acompanhe suas cotas, boletos, assembleias e lances em um só lugar.').or(other.getByLabel('CPF ou CNPJ')).first().waitFor();
    // This one goes on.
    await page.goto(`${stack.baseUrl}/perfil`);
    await page.getByRole('heading', { name: 'Meu perfil' }).waitFor();
    await other.context().close();
    await page.context().close();
  });

  test('an approver ends every session of ana from the console’s requests page; her browser’s next screen is the login', async () => {
    const ana = await anaInABrowser();
    const staff = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce' });
    await loginStaffInBrowser(staff, stack.baseUrl, 'aprovacao', 'aprovacao-sandbox');
    await staff.goto(`${consoleOrigin(stack.baseUrl)}/ops/pedidos`);
    await staff.getByRole('heading', { name: 'Encerrar as sessões de um cliente' }).waitFor();
    await settled(staff);
    expect(await axeViolations(staff)).toEqual([]);
    const document = staff.getByLabel('CPF ou CNPJ do cliente');
    await document.fill(persona('ana').document);
    await expect.poll(() => document.inputValue()).toMatch(/[./-]/);
    await staff.getByRole('button', { name: 'Encerrar as sessões do cliente' }).click();
    // Hers in this browser, and any other still open (the first test's).
    await staff.getByRole('status').filter({ hasText: /^\d+ (sessão encerrada|sessões encerradas)\.$/ }).waitFor();

    await ana.goto(`${stack.baseUrl}/perfil`);
    await ana.waitForURL((url) => url.pathname === '/login' || url.pathname.startsWith('/entrar'));
    await staff.close();
    await ana.context().close();
  });
});
