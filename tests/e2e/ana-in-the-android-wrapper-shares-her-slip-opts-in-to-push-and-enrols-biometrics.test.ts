import { describe, expect, test } from 'vitest';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';
import { openInWrapper } from '../helpers/wrapper.js';

const stack = useStack();
const browser = useBrowser();

describe('inside the Android wrapper', () => {
  test('ana gets the partner colour on the status bar, the evaluation modal, shares her slip PDF, opts in to push and enrols biometrics', async () => {
    const wrapper = await openInWrapper(browser, 'android');
    const { page } = wrapper;
    await loginInBrowser(page, stack.baseUrl, persona('ana'));
    expect((await wrapper.message('status-bar-color')).args).toEqual({ color: '#CE181E' });
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    // She taps once her home has arrived (greeting shown, nothing loading), as a person waits for it.
    await page.getByText('Olá, Ana').waitFor();
    await page.getByTestId('screen-skeleton').waitFor({ state: 'detached' });

    await page.getByRole('navigation', { name: 'Sua cota' }).getByRole('link', { name: 'Boletos', exact: true }).click();
    await page.waitForURL('**/boletos');
    await page.getByRole('button', { name: 'Gerar boleto' }).first().click();
    await page.waitForURL('**/boletos/boletogerado?boleto=*');
    // The flow-evaluation modal exists only inside the wrapper.
    await page.getByRole('dialog', { name: 'Como foi a sua experiência?' }).waitFor();
    await page.getByRole('button', { name: 'Agora não' }).click();
    await page.getByText('Tudo bem, perguntamos outra hora.').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Compartilhar' }).click();
    const share = await wrapper.message('share-file');
    expect(share.args.href).toMatch(/^\/api\/arquivos\/boletos\/\d+$/);
    expect(share.args.filename).toMatch(/^boleto-\d+\.pdf$/);
    expect(share.fetched).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });

    await page.goto(`${stack.baseUrl}/notifications/preferencias`);
    await page.getByRole('button', { name: 'Permitir notificações no celular' }).click();
    expect((await wrapper.message('push-opt-in')).args).toEqual({});
    await page.getByRole('status').filter({ hasText: 'Notificações no celular ativadas.' }).waitFor();
    const puts = (await stack.sandbox.calls()).filter((c) => c.method === 'PUT' && c.path.endsWith('/preferencias') && c.path.includes('usuarios'));
    expect(puts.at(-1)!.body).toMatchObject({ block_push_notification: false });
    // The token the wrapper returned is registered for ana's Android device.
    expect(await stack.app.pushTokens.deliverable(persona('ana').document.replace(/\D/g, ''))).toEqual([{ platform: 'android', token: 'fake-push-token', partnerId: 1, blocked: false }]);

    await page.goto(`${stack.baseUrl}/biometria`);
    // Her password again first, then the switch.
    await page.getByLabel('Sua senha de 6 dígitos').fill(persona('ana').password);
    await page.getByRole('button', { name: 'Confirmar senha' }).click();
    await page.getByRole('button', { name: 'Ativar biometria' }).click();
    expect((await wrapper.message('biometrics')).args).toEqual({ enable: true });
    await page.waitForURL('**/home');
    expect(wrapper.messages.every((m) => m.platform === 'android')).toBe(true);
    await wrapper.context.close();
  });
});
