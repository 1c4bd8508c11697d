import { describe, expect, test } from 'vitest';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { partner, persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';
import { openInWrapper } from '../helpers/wrapper.js';

const stack = useStack();
const browser = useBrowser();

describe('inside the iOS wrapper, and outside any wrapper', () => {
  test('the status bar takes each partner’s colour; a silent share falls back to the download; the plain web has no wrapper features', async () => {
    const horizonte = await openInWrapper(browser, 'ios');
    await horizonte.page.goto(`http://horizonte.localhost:${stack.port}/entrar`);
    expect((await horizonte.message('status-bar-color')).args).toEqual({ color: partner(68).colors.primary });
    await horizonte.context.close();

    const ios = await openInWrapper(browser, 'ios', { 'share-file': 'silent' });
    const { page } = ios;
    await loginInBrowser(page, stack.baseUrl, persona('ana'));
    expect((await ios.message('status-bar-color')).args).toEqual({ color: '#CE181E' });
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    await page.goto(`${stack.baseUrl}/boletos`);
    await page.getByRole('button', { name: 'Gerar boleto' }).first().click();
    await page.waitForURL('**/boletos/boletogerado?boleto=*');
    await page.getByRole('button', { name: 'Agora não' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Compartilhar' }).click()]);
    expect((await ios.message('share-file')).platform).toBe('ios');
    expect(download.suggestedFilename()).toMatch(/^boleto-\d+\.pdf$/);
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);

    // Push opt-in through the iOS message handler: the token is registered for the iPhone.
    await page.goto(`${stack.baseUrl}/notifications/preferencias`);
    await page.getByRole('button', { name: 'Permitir notificações no celular' }).click();
    expect((await ios.message('push-opt-in')).platform).toBe('ios');
    await page.getByRole('status').filter({ hasText: 'Notificações no celular ativadas.' }).waitFor();
    expect(await stack.app.pushTokens.deliverable(persona('ana').document.replace(/\D/g, ''))).toEqual([{ platform: 'ios', token: 'fake-push-token', partnerId: 1, blocked: false }]);
    await ios.context.close();

    const web = await browser.newContext();
    const plain = await web.newPage();
    await loginInBrowser(plain, stack.baseUrl, persona('ana'));
    await plain.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await plain.waitForURL('**/home');
    await plain.goto(`${stack.baseUrl}/boletos`);
    await plain.getByRole('button', { name: 'Gerar boleto' }).first().click();
    await plain.waitForURL('**/boletos/boletogerado?boleto=*');
    await plain.getByRole('button', { name: 'Baixar PDF' }).waitFor();
    await expect.poll(() => plain.getByRole('button', { name: 'Compartilhar' }).count()).toBe(0);
    await expect.poll(() => plain.getByRole('dialog').count()).toBe(0);
    await plain.goto(`${stack.baseUrl}/biometria`);
    await plain.waitForURL('**/indisponivel');
    await web.close();
  });
});
