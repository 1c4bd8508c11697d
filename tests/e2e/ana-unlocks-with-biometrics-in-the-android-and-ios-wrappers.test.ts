import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';
import { openInWrapper, type WrapperPlatform } from '../helpers/wrapper.js';

const stack = useStack();
const browser = useBrowser();

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.getByRole('dialog', { name: 'Sair da sua conta?' }).getByRole('button', { name: 'Sim, sair' }).click();
  await page.waitForURL('**/login');
}

/** ana logs in with her password, follows her quota and turns biometrics on; then leaves. */
async function enrol(platform: WrapperPlatform) {
  const wrapper = await openInWrapper(browser, platform);
  const { page } = wrapper;
  await loginInBrowser(page, stack.baseUrl, persona('ana'));
  await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
  await page.waitForURL('**/home');
  await page.goto(`${stack.baseUrl}/biometria`);
  // Her password again first, then the switch.
  await page.getByLabel('Sua senha de 6 dígitos').fill(persona('ana').password);
  await page.getByRole('button', { name: 'Confirmar senha' }).click();
  await page.getByRole('button', { name: 'Ativar biometria' }).click();
  await page.waitForURL('**/home');
  await page.getByText('Biometria ativada. Na próxima vez, entre sem digitar a senha.').waitFor();
  expect((await wrapper.message('biometrics')).args).toEqual({ enable: true });
  await logOut(page);
  return wrapper;
}

/** On the next visit, the biometric prompt fails: the password screen, calmly; the password still works. */
async function fallsBackToThePassword(page: Page) {
  await page.goto(`${stack.baseUrl}/login`);
  await page.getByRole('button', { name: 'Entrar com biometria' }).click();
  await page.waitForURL('**/entrar?biometria=falhou');
  await page.getByText('Não foi possível confirmar sua biometria. Digite sua senha para entrar.').waitFor();
  expect(await page.getByRole('alertdialog').count()).toBe(0);
  await page.getByLabel('CPF ou CNPJ').first().fill(persona('ana').document);
  // As a person does (and loginInBrowser): tap once the document shows formatted.
  await expect.poll(() => page.getByLabel('CPF ou CNPJ').first().inputValue()).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
  await page.getByLabel('Senha de 6 dígitos').first().fill(persona('ana').password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).first().click();
  await page.waitForURL('**/groups-and-quotas');
}

describe('biometric login inside the wrappers', () => {
  test('android: ana enrols after a password login, unlocks with biometrics on her next visit, and a cancelled prompt sends her to the password', async () => {
    const wrapper = await enrol('android');
    const { page } = wrapper;
    await page.getByRole('button', { name: 'Entrar com biometria' }).click();
    await page.waitForURL('**/home');
    await page.getByText('Olá, Ana').waitFor();
    const unlock = wrapper.messages.filter((m) => m.method === 'biometrics').at(-1)!;
    expect(unlock.args).toEqual({ unlock: true });
    expect(wrapper.messages.every((m) => m.platform === 'android')).toBe(true);
    await logOut(page);

    const again = await openInWrapper(browser, 'android', { biometrics: { ok: false, reason: 'cancelled' } }, await wrapper.context.storageState());
    await wrapper.context.close();
    await fallsBackToThePassword(again.page);
    await again.context.close();
  });

  test('ios: ana enrols and unlocks through the message handler; a wrapper that never answers and a wrong answer fall back to the password; the plain web never offers it', async () => {
    const wrapper = await enrol('ios');
    const { page } = wrapper;
    await page.getByRole('button', { name: 'Entrar com biometria' }).click();
    await page.waitForURL('**/home');
    await page.getByText('Olá, Ana').waitFor();
    expect(wrapper.messages.filter((m) => m.method === 'biometrics').map((m) => m.args)).toEqual([{ enable: true }, { unlock: true }]);
    expect(wrapper.messages.every((m) => m.platform === 'ios')).toBe(true);
    await logOut(page);
    const device = await wrapper.context.storageState();
    await wrapper.context.close();

    const silent = await openInWrapper(browser, 'ios', { biometrics: 'silent' }, device);
    // A wrapper that never answers: the bridge gives up after 2 s (renderer/src/lib/bridge.test.ts,
    // fake timers) and the password takes over; without the give-up this never reaches the password.
    await fallsBackToThePassword(silent.page);
    await silent.context.close();

    const wrong = await openInWrapper(browser, 'ios', { biometrics: { ok: 'sim', credential: 42 } }, device);
    await fallsBackToThePassword(wrong.page);
    await wrong.context.close();

    const web = await browser.newContext({ storageState: device });
    const plain = await web.newPage();
    await plain.goto(`${stack.baseUrl}/login`);
    await plain.getByRole('button', { name: 'Entrar com CPF ou CNPJ' }).waitFor();
    expect(await plain.getByRole('button', { name: 'Entrar com biometria' }).count()).toBe(0);
    await web.close();
  });
});
