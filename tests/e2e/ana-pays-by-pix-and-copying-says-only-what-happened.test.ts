import jsQR from 'jsqr';
import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, test } from 'vitest';
import { crc16CcittFalse, readBrCode } from '../../back-office/pix.js';
import { axeViolations } from '../helpers/axe.js';
import { loginInBrowser, PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';
import { openInWrapper } from '../helpers/wrapper.js';

const stack = useStack();
const browser = useBrowser();

const PHONE = { width: 412, height: 915 };

/**
 * Ana logs in, follows her quota and generates the slip of her first instalment (the same slip
 * every time). `evaluation`: the wrapper's flow-evaluation modal comes over the slip (the first
 * time after a reset), and she answers "Agora não".
 */
async function toHerSlip(page: Page, evaluation = false): Promise<void> {
  page.setDefaultTimeout(PERSON_WAIT_MS);
  await loginInBrowser(page, stack.baseUrl, persona('ana'));
  await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
  await page.waitForURL('**/home');
  await page.getByText('Olá, Ana').waitFor();
  await page.goto(`${stack.baseUrl}/boletos`);
  await page.getByRole('button', { name: 'Gerar boleto' }).first().click();
  await page.waitForURL('**/boletos/boletogerado?boleto=*');
  if (evaluation) {
    const modal = page.getByRole('dialog', { name: 'Como foi a sua experiência?' });
    await modal.waitFor();
    await page.getByRole('button', { name: 'Agora não' }).click();
    await modal.waitFor({ state: 'detached' });
    // Its answer shows for a moment at the foot of the screen, over the slip: she reads it first.
    const answer = page.getByRole('status').filter({ hasText: 'Tudo bem, perguntamos outra hora.' });
    await answer.waitFor();
    await answer.waitFor({ state: 'detached' });
  }
  await page.getByRole('heading', { name: 'Pague com Pix' }).waitFor();
}

/** The QR code as drawn on the page, read back by a QR decoder from a screenshot of it. */
async function readDrawnQr(page: Page): Promise<string | undefined> {
  const qr = page.getByRole('img', { name: 'QR Code do Pix deste boleto' });
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const png = PNG.sync.read(await qr.screenshot({ animations: 'disabled', scale: 'css' }));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/** A page whose web clipboard rejects every write (as a browser does when permission is refused), or has none at all. */
async function withClipboard(context: BrowserContext, clipboard: 'refuses' | 'absent'): Promise<void> {
  await context.addInitScript((mode: string) => {
    const refusing = { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')), readText: () => Promise.reject(new DOMException('Read permission denied.', 'NotAllowedError')) };
    Object.defineProperty(Navigator.prototype, 'clipboard', { configurable: true, get: () => (mode === 'refuses' ? refusing : undefined) });
  }, clipboard);
}

/** The dialog a failed copy opens: the code in a read-only field named `field`, focused and wholly selected. */
async function expectToCopyByHand(page: Page, field: string, text: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Copie o código manualmente' });
  await dialog.waitFor();
  const box = dialog.getByRole('textbox', { name: field });
  expect(await box.inputValue()).toBe(text);
  expect(await box.evaluate((el: HTMLTextAreaElement) => ({ readOnly: el.readOnly, focused: document.activeElement === el, selected: el.value.slice(el.selectionStart, el.selectionEnd) }))).toEqual({ readOnly: true, focused: true, selected: text });
  await expect.poll(() => page.getByText(/copiad[ao]\./).count()).toBe(0);
}

describe('paying a slip by Pix, and copying that says only what happened', () => {
  test('on a phone, Pix comes first; on a desk, beside the typeable line; the drawn QR code reads back to the code copied, whose CRC holds', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'], viewport: PHONE, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await toHerSlip(page);

    const copyPix = page.getByRole('button', { name: 'Copiar código Pix' });
    const copyLine = page.getByRole('button', { name: 'Copiar linha digitável' });
    const [pixBox, lineBox] = [await copyPix.boundingBox(), await copyLine.boundingBox()];
    expect(pixBox!.y).toBeLessThan(lineBox!.y);
    expect(await axeViolations(page)).toEqual([]);

    const drawn = await readDrawnQr(page);
    expect(drawn).toBeDefined();
    await copyPix.click();
    const said = page.getByRole('status').filter({ hasText: 'Código Pix copiado.' });
    await said.waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(drawn);
    expect(copied.slice(-4)).toBe(crc16CcittFalse(copied.slice(0, -4)));
    expect(readBrCode(copied)).toMatchObject({ merchantName: 'Consorcio Aurora', amount: expect.any(Number) });

    // On a desk, once the message has gone (it shows at the foot of the screen).
    await said.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(async () => (await copyPix.boundingBox())!.x < (await copyLine.boundingBox())!.x).toBe(true);
    const [pixColumn, lineColumn] = [await page.getByRole('heading', { name: 'Pague com Pix' }).boundingBox(), await page.getByRole('heading', { name: 'Pague com o código de barras' }).boundingBox()];
    expect(Math.abs(pixColumn!.y - lineColumn!.y)).toBeLessThan(2);
    expect(await readDrawnQr(page)).toBe(copied);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  test('a write the browser refuses shows the Pix code selected in a field, with "Copie o código manualmente", never "copiado"', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    await withClipboard(context, 'refuses');
    const page = await context.newPage();
    await toHerSlip(page);
    const code = (await readDrawnQr(page))!;
    const copyPix = page.getByRole('button', { name: 'Copiar código Pix' });
    await copyPix.click();
    await expectToCopyByHand(page, 'Código Pix copia e cola', code);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Fechar' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await copyPix.evaluate((el) => document.activeElement === el)).toBe(true);
    await context.close();
  });

  test('a browser without a clipboard shows the typeable line selected, to copy by hand', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    await withClipboard(context, 'absent');
    const page = await context.newPage();
    await toHerSlip(page);
    const line = (await page.locator('.value', { hasText: 'Linha digitável' }).locator('.value-text').innerText()).replace(/\D/g, '');
    await page.getByRole('button', { name: 'Copiar linha digitável' }).click();
    await expectToCopyByHand(page, 'Linha digitável', line);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await context.close();
  });

  test('inside the Android wrapper the bridge copies; a wrapper that cannot and no web clipboard mean copying by hand', async () => {
    await stack.sandbox.reset();
    const wrapper = await openInWrapper(browser, 'android');
    await toHerSlip(wrapper.page, true);
    const code = (await readDrawnQr(wrapper.page))!;
    await wrapper.page.getByRole('button', { name: 'Copiar código Pix' }).click();
    expect((await wrapper.message('copy')).args).toEqual({ text: code });
    await wrapper.page.getByRole('status').filter({ hasText: 'Código Pix copiado.' }).waitFor();
    await wrapper.context.close();

    const refusing = await openInWrapper(browser, 'ios', { copy: { copied: false } });
    await withClipboard(refusing.context, 'absent');
    await toHerSlip(refusing.page);
    await refusing.page.getByRole('button', { name: 'Copiar código Pix' }).click();
    expect((await refusing.message('copy')).answered).toEqual({ copied: false });
    await expectToCopyByHand(refusing.page, 'Código Pix copia e cola', code);
    await refusing.context.close();
  });
});
