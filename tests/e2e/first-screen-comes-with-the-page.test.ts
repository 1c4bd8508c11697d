import { describe, expect, test } from 'vitest';
import { PERSON_WAIT_MS, loginToHome, screenRequests, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('the first screen comes inside the page', () => {
  test('a visitor opening /home sees the login without the renderer asking the server for a screen', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(PERSON_WAIT_MS);
    const asked = screenRequests(page);
    await page.goto(`${stack.baseUrl}/home`);
    await page.getByRole('button', { name: 'Entrar com CPF ou CNPJ' }).waitFor();
    await page.waitForURL('**/login');
    expect(asked).toEqual([]);
    // The next navigation asks the server as always.
    await page.getByRole('button', { name: 'Entrar com CPF ou CNPJ' }).click();
    await page.waitForURL('**/entrar');
    await page.getByLabel('CPF ou CNPJ').first().waitFor();
    expect(asked).toEqual(['/entrar']);
    await page.close();
  });

  test('ana reloading her home gets it from the page, and only her own', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await loginToHome(page, stack.baseUrl, persona('ana'), 'Olá, Ana');
    const asked = screenRequests(page);
    const answer = await page.reload();
    expect(answer?.headers()['cache-control']).toBe('no-store');
    await page.getByText('Olá, Ana').waitFor();
    expect(asked).toEqual([]);

    // The slip list's ticks are the light form's: no JSON-form library, and a tick holds.
    const formLibrary: string[] = [];
    page.on('request', (r) => /json-form/.test(r.url()) && formLibrary.push(r.url()));
    await page.goto(`${stack.baseUrl}/boletos/listadeboletos`);
    const first = page.getByRole('checkbox').first();
    await first.check();
    await expect.poll(() => first.isChecked()).toBe(true);
    expect(formLibrary).toEqual([]);
    expect(asked).toEqual([]);
    await context.close();
  });
});
