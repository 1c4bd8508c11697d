import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

async function loginWithDocument(page: Page, key: string, password = persona(key).password) {
  await page.getByLabel('CPF ou CNPJ').first().fill(persona(key).document);
  await page.getByLabel('Senha de 6 dígitos').first().fill(password);
  await page.getByRole('button', { name: 'Entrar' }).first().click();
}

describe('login to home in a real browser', () => {
  test('ana logs in with CPF on localhost and reaches home with her auto quota', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const formLibrary: string[] = [];
    page.on('request', (r) => /json-form/.test(r.url()) && formLibrary.push(r.url()));
    await page.goto(`${stack.baseUrl}/login`);
    await expect.poll(() => page.title()).toContain('Consórcio Aurora');
    await page.getByRole('button', { name: 'Entrar com CPF ou CNPJ' }).click();
    await page.waitForURL('**/entrar');
    await loginWithDocument(page, 'ana');
    await page.waitForURL('**/groups-and-quotas');
    await page.getByText('Grupo 001234 · Cota 0567').waitFor();
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    await page.getByText('Olá, Ana').waitFor();
    await page.getByText('R$ 61.204,18').waitFor();
    await expect.poll(() => page.getByText('R$ 85.000,00').count()).toBeGreaterThan(0);
    expect(errors.filter((e) => !e.includes('favicon'))).toEqual([]);
    // Login, quota list and home are simple forms: the JSON-form library is never downloaded.
    expect(formLibrary).toEqual([]);
    await page.getByRole('button', { name: 'Sair' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sair da sua conta?' });
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await page.getByRole('button', { name: 'Sair' }).click();
    await confirm.getByRole('button', { name: 'Sim, sair' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => confirm.count()).toBe(0);
    await page.close();
  });

  test('marcos logs in on horizonte.localhost and sees Horizonte’s name and colour', async () => {
    const page = await browser.newPage();
    await page.goto(`http://horizonte.localhost:${stack.port}/entrar`);
    await expect.poll(() => page.title()).toContain('Horizonte Consórcios');
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
    expect(primary.toUpperCase()).toBe('#0B5FA5');
    await loginWithDocument(page, 'marcos');
    await page.waitForURL('**/groups-and-quotas');
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    await page.getByText('Olá, Marcos').waitFor();
    await page.getByRole('img', { name: 'Horizonte Consórcios' }).first().waitFor();
    await page.close();
  });

  test('a wrong password shows the exact message and keeps what was typed', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/entrar`);
    await loginWithDocument(page, 'ana', '000000');
    // Whatever answer comes first (the message, or a dialog if the back office failed), then the
    // message itself: a failure names what the customer saw instead of only timing out.
    const refused = page.getByText('Não foi possível entrar. Por favor, verifique suas credenciais de acesso novamente!');
    await refused.or(page.getByRole('dialog')).first().waitFor({ timeout: PERSON_WAIT_MS });
    expect(await refused.isVisible(), await page.locator('main, [role=dialog]').allInnerTexts().then((t) => t.join(' | '))).toBe(true);
    await expect.poll(() => page.getByLabel('CPF ou CNPJ').first().inputValue(), { timeout: PERSON_WAIT_MS }).toBe('661.157.509-03');
    await page.close();
  });

  test('a submit in the same instant as the last keystroke sends what was typed (the mask reports outside React events)', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(PERSON_WAIT_MS);
    await page.goto(`${stack.baseUrl}/entrar`);
    const cpf = page.getByLabel('CPF ou CNPJ').first();
    // Another CPF first, until the mask has loaded and formatted it.
    await cpf.fill('52998224725');
    await expect.poll(() => cpf.inputValue()).toBe('529.982.247-25');
    await page.getByLabel('Senha de 6 dígitos').first().fill(persona('ana').password);
    // Then ana's CPF and the submit in one task, as a fast thumb on a slow phone would.
    await cpf.evaluate((input: HTMLInputElement, document: string) => {
      input.value = document;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.form!.requestSubmit();
    }, persona('ana').document.replace(/\D/g, ''));
    await page.waitForURL('**/groups-and-quotas');
    await page.close();
  });

  test('an upstream failure shows the Ops modal, and its retry goes on with what was typed', async () => {
    await stack.sandbox.fault({ path: 'login', status: 503, times: 1 });
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/entrar`);
    await loginWithDocument(page, 'ana');
    const dialog = page.getByRole('dialog', { name: 'Ops ;)' });
    await dialog.waitFor();
    await expect.poll(() => page.getByLabel('CPF ou CNPJ').first().inputValue(), { timeout: PERSON_WAIT_MS }).toBe('661.157.509-03');
    await dialog.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.waitForURL('**/groups-and-quotas');
    await page.close();
  });

  test('a CPF pasted with punctuation or spaces is shown formatted and sent as digits', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/entrar`);
    const field = page.getByLabel('CPF ou CNPJ').first();
    await expect.poll(() => field.getAttribute('inputmode')).toBe('text');
    await field.fill('661.157.509-03');
    await expect.poll(() => field.inputValue()).toBe('661.157.509-03');
    await field.fill(' 66115750903 ');
    await expect.poll(() => field.inputValue()).toBe('661.157.509-03');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/actions/auth/login'));
    await page.getByLabel('Senha de 6 dígitos').first().fill(persona('ana').password);
    await page.getByRole('button', { name: 'Entrar' }).first().click();
    expect(JSON.parse((await sent).postData() ?? '{}')).toMatchObject({ documento: '66115750903' });
    await page.waitForURL('**/groups-and-quotas');
    await page.close();
  });

  test('a deep link asked before login is reached after login and quota choice', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/home?aba=resumo`);
    await page.waitForURL('**/login');
    await page.goto(`${stack.baseUrl}/groups-and-quotas?pagina=1`);
    await page.waitForURL(/\/login\?voltar=/);
    await page.getByRole('button', { name: 'Entrar com CPF ou CNPJ' }).click();
    await page.waitForURL(/\/entrar\?voltar=/);
    await loginWithDocument(page, 'ana');
    await page.waitForURL(/\/groups-and-quotas\?voltar=/);
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/groups-and-quotas?pagina=1');
    await page.close();
  });

  test('the mobile login asks for the user first, then the password', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/entrar-mobile`);
    await page.getByLabel('CPF ou CNPJ').fill(persona('ana').document);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Entrando como 661.157.509-03').waitFor();
    await page.getByLabel('Senha de 6 dígitos').fill(persona('ana').password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/groups-and-quotas');
    await page.close();
  });
});
