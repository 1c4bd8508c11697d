import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PERSON_WAIT_MS, loginToHome, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

/**
 * Holds the page's scripts until `release()`: what shows before is what the HTML alone draws.
 * Everything the page says in its console, and every uncaught error, is kept.
 */
async function heldScripts(page: Page): Promise<{ release(): void; errors: string[] }> {
  page.setDefaultTimeout(PERSON_WAIT_MS);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && errors.push(m.text()));
  return { release, errors };
}

/** Marks an element of the HTML; after hydration the mark is still on the page only if React kept that element. */
async function mark(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().evaluate((el) => el.setAttribute('data-drawn-by-server', ''));
}

describe('the first screen is drawn by the server, then hydrated', () => {
  test('the login shows its form before any script runs, and the same form takes the CPF once it does', async () => {
    const page = await browser.newPage();
    const scripts = await heldScripts(page);
    await page.goto(`${stack.baseUrl}/entrar`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Entrar', exact: true }).first().waitFor();
    await page.getByLabel('CPF ou CNPJ').first().waitFor();
    expect(await page.evaluate(() => document.querySelectorAll('script[src]').length)).toBeGreaterThan(0);
    await mark(page, 'button[type="submit"]');

    scripts.release();
    // Typed as soon as the scripts may load: whether before or after hydration, the mask takes it.
    const cpf = page.getByLabel('CPF ou CNPJ').first();
    await cpf.fill('66115750903');
    await expect.poll(() => cpf.inputValue()).toBe('661.157.509-03');
    expect(await page.locator('button[type="submit"][data-drawn-by-server]').count()).toBe(1);
    expect(scripts.errors).toEqual([]);
    await page.close();
  });

  test('a tap on Entrar before any script runs submits nothing natively (no password in an address), and the login works once they have', async () => {
    const page = await browser.newPage();
    const scripts = await heldScripts(page);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    await page.goto(`${stack.baseUrl}/entrar`, { waitUntil: 'commit' });
    // A person can type and tap before the script (force: the page says its controls do not work yet).
    expect(await page.locator('#root').getAttribute('aria-disabled')).toBe('true');
    await page.getByLabel('CPF ou CNPJ').first().fill('66115750903', { force: true });
    await page.getByLabel('Senha de 6 dígitos').first().fill('135790', { force: true });
    await page.getByRole('button', { name: 'Entrar', exact: true }).first().click({ force: true });
    await page.getByLabel('Senha de 6 dígitos').first().press('Enter');

    scripts.release();
    await expect.poll(() => page.locator('#root').getAttribute('aria-disabled')).toBe(null);
    await expect.poll(() => page.getByLabel('CPF ou CNPJ').first().inputValue()).toBe('661.157.509-03');
    await page.getByRole('button', { name: 'Entrar', exact: true }).first().click();
    await page.getByText('Escolha a cota que deseja acompanhar.').waitFor();
    expect(asked.filter((url) => url.includes('135790') || url.includes('senha'))).toEqual([]);
    expect(scripts.errors).toEqual([]);
    await page.close();
  });

  test('ana reloading her home and her slip list sees them before the script, icons included, and they answer once hydrated', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await loginToHome(page, stack.baseUrl, persona('ana'), 'Olá, Ana');

    const held = await context.newPage();
    const scripts = await heldScripts(held);
    await held.goto(`${stack.baseUrl}/home`, { waitUntil: 'commit' });
    await held.getByText('Olá, Ana').waitFor();
    await held.getByRole('button', { name: 'Sair' }).waitFor();
    expect(await held.locator('svg.icon').count()).toBeGreaterThan(0);
    await mark(held, 'main');
    await mark(held, 'svg.icon');

    scripts.release();
    // Hydrated: the renderer moves the focus to the screen's content, as on every navigation.
    await expect.poll(() => held.evaluate(() => document.activeElement?.id)).toBe('conteudo');
    await held.getByRole('button', { name: 'Sair' }).click();
    await held.getByRole('dialog', { name: 'Sair da sua conta?' }).waitFor();
    expect(await held.locator('main[data-drawn-by-server]').count()).toBe(1);
    expect(await held.locator('svg.icon[data-drawn-by-server]').count()).toBe(1);
    expect(scripts.errors).toEqual([]);

    // The slip list: its ticks are drawn by the server, and a tick holds once hydrated.
    const slips = await context.newPage();
    const slipScripts = await heldScripts(slips);
    await slips.goto(`${stack.baseUrl}/boletos/listadeboletos`, { waitUntil: 'commit' });
    const first = slips.getByRole('checkbox').first();
    await first.waitFor();
    await mark(slips, 'input[type="checkbox"]');
    slipScripts.release();
    await expect.poll(() => slips.evaluate(() => document.activeElement?.id)).toBe('conteudo');
    await first.check();
    await expect.poll(() => first.isChecked()).toBe(true);
    expect(await slips.locator('input[type="checkbox"][data-drawn-by-server]').count()).toBe(1);
    expect(slipScripts.errors).toEqual([]);
    await context.close();
  });
});
