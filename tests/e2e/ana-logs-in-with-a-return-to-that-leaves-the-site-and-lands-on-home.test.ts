import { describe, expect, test } from 'vitest';
import { PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('a return-to that would leave the site', () => {
  test('ana logs in from /entrar?voltar=%2F%09%2Fexample.org and lands on her home, never another site nor a stalled page', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(PERSON_WAIT_MS);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const offSite: string[] = [];
    // The partner's logo and icon are images of the back office; any other origin is off the site.
    page.on('request', (r) => !r.url().startsWith(stack.baseUrl) && !r.url().startsWith(stack.sandbox.url) && offSite.push(r.url()));

    await page.goto(`${stack.baseUrl}/entrar?voltar=%2F%09%2Fexample.org`);
    const document = page.getByLabel('CPF ou CNPJ').first();
    await document.fill(persona('ana').document);
    await expect.poll(() => document.inputValue()).toMatch(/[./-]/);
    await page.getByLabel('Senha de 6 dígitos').first().fill(persona('ana').password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/groups-and-quotas');
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByText('Olá, Ana').waitFor();
    await page.getByText('R$ 61.204,18').waitFor();
    expect(errors).toEqual([]);
    expect(offSite).toEqual([]);
    await page.close();
  });

  test('the renderer goes to /home when an answer would navigate it off the site, instead of leaving the skeleton up', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(PERSON_WAIT_MS);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Answers the server never gives: a navigation and a redirect that leave the site (the quota
    // is still chosen on the server; only the answer is replaced).
    await page.route('**/api/actions/quotas/select', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: JSON.stringify({ kind: 'navigate', to: '/\t/example.org' }) });
    });
    await page.route(
      (url) => url.pathname === '/api/screens' && url.searchParams.get('path') === '/boletos',
      (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ schemaVersion: 1, kind: 'redirect', to: 'https://example.org/' }) }),
    );

    await page.goto(`${stack.baseUrl}/entrar`);
    const document = page.getByLabel('CPF ou CNPJ').first();
    await document.fill(persona('ana').document);
    await expect.poll(() => document.inputValue()).toMatch(/[./-]/);
    await page.getByLabel('Senha de 6 dígitos').first().fill(persona('ana').password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/groups-and-quotas');
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByText('Olá, Ana').waitFor();

    // The slip list is asked for; its answer is a redirect to another site.
    await page.evaluate(() => {
      history.pushState(null, '', '/boletos');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByText('Olá, Ana').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
