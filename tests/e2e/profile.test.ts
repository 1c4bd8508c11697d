import type { Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { loginInBrowser, PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('profile in a real browser', () => {
  test('ana changes her address by CEP and confirms with the SMS token from the outbox', async () => {
    const page = await browser.newPage();
    // The address form is the light form's (a state to pick, the address type as radios): no form library.
    const formLibrary: string[] = [];
    page.on('request', (r) => /json-form/.test(r.url()) && formLibrary.push(r.url()));
    const saved: Array<Record<string, unknown>> = [];
    page.on('request', (r) => r.method() === 'POST' && /"logradouro"/.test(r.postData() ?? '') && saved.push(JSON.parse(r.postData()!) as Record<string, unknown>));
    await loginInBrowser(page, stack.baseUrl, persona('ana'));
    await page.waitForURL('**/groups-and-quotas');
    await page.goto(`${stack.baseUrl}/perfil`);
    await page.getByRole('button', { name: 'Endereço' }).click();
    await page.waitForURL('**/perfil/endereco');
    const cep = page.getByLabel('CEP (00000-000)').first();
    await cep.fill('');
    await cep.pressSequentially('01a310b100');
    await expect.poll(() => cep.inputValue(), { timeout: PERSON_WAIT_MS }).toBe('01310-100');
    await expect.poll(() => cep.getAttribute('inputmode')).toBe('numeric');
    await page.getByRole('button', { name: 'Buscar CEP' }).click();
    await page.waitForURL('**/perfil/endereco?cep=01310100');
    await page.getByLabel('Número').fill('1000');
    await expect.poll(() => page.getByLabel('Estado').inputValue()).toBe('SP');
    await page.getByRole('radio', { name: 'Comercial' }).check();
    await page.getByRole('button', { name: 'Salvar endereço' }).click();
    await page.waitForURL('**/perfil/token');
    // What the form sent: the state picked from the list, the address type as the number it names.
    expect(saved).toEqual([expect.objectContaining({ uf: 'SP', tipo: 2, numero: '1000' })]);
    expect(formLibrary).toEqual([]);
    await page.getByRole('button', { name: 'Enviar código por SMS' }).click();
    await page.getByLabel('Código de segurança').waitFor();
    await page.getByLabel('Código de segurança').click();
    await page.keyboard.type(await stack.sandbox.lastCode());
    await page.getByRole('button', { name: 'Confirmar alteração' }).click();
    await page.waitForURL('**/perfil/endereco');
    await page.getByText('Avenida Paulista, 1000 — Bela Vista, São Paulo/SP').waitFor();
    await page.close();
  });

  test('a form that arrives late (slow phone) does not pull the caret out of the CEP ana is typing', async () => {
    const page = await browser.newPage();
    await loginInBrowser(page, stack.baseUrl, persona('ana'));
    await page.waitForURL('**/groups-and-quotas');
    // The renderer's scripts are held back until ana has started typing her CEP.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${stack.baseUrl}/perfil/endereco`, { waitUntil: 'commit' });
    const cep = page.getByLabel('CEP (00000-000)').first();
    // Typed while the page is drawn but not yet working (force: its controls say so).
    await cep.fill('', { force: true });
    await cep.pressSequentially('013');
    release();
    await page.getByLabel('Número').waitFor();
    await page.keyboard.type('10100');
    await expect.poll(() => cep.inputValue()).toBe('01310-100');
    await expect.poll(() => cep.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.close();
  });

  test('a CEP typed over the prefilled one before the page works stays typed once it works', async () => {
    const page = await browser.newPage();
    await loginInBrowser(page, stack.baseUrl, persona('ana'));
    await page.waitForURL('**/groups-and-quotas');
    // The page arrives drawn by the server; the scripts wait until she has typed a new CEP (her
    // current one is filled in once the page works: a masked field is drawn empty by the server).
    const held: Route[] = [];
    let through = false;
    await page.route('**/assets/*.js', (route) => (through ? route.continue() : void held.push(route)));
    await page.goto(`${stack.baseUrl}/perfil/endereco`, { waitUntil: 'commit' });
    const cep = page.getByLabel('CEP (00000-000)').first();
    await cep.fill('', { force: true });
    await cep.pressSequentially('01310100');
    through = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
    await expect.poll(() => page.locator('#root').getAttribute('aria-busy')).toBeNull();
    await page.getByLabel('Número').waitFor();
    await expect.poll(() => cep.inputValue()).toBe('01310-100');
    await page.getByRole('button', { name: 'Buscar CEP' }).click();
    await page.waitForURL('**/perfil/endereco?cep=01310100');
    await page.close();
  });
});
