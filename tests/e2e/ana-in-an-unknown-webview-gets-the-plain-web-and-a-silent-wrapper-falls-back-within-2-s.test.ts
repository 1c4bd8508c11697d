import { describe, expect, test } from 'vitest';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';
import { openInWrapper } from '../helpers/wrapper.js';

const stack = useStack();
const browser = useBrowser();

async function toSlip(page: import('playwright-core').Page) {
  await loginInBrowser(page, stack.baseUrl, persona('ana'));
  await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
  await page.waitForURL('**/home');
  await page.goto(`${stack.baseUrl}/boletos`);
  await page.getByRole('button', { name: 'Gerar boleto' }).first().click();
  await page.waitForURL('**/boletos/boletogerado?boleto=*');
}

describe('bad input from the native side', () => {
  test('an unknown bridge (another app’s handler, a foreign object, stray answers) is the plain web: nothing offered, nothing posted, nothing alarming', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    await context.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      const posted: unknown[] = [];
      w.__posted = posted;
      w.webkit = { messageHandlers: { outroApp: { postMessage: (m: unknown) => posted.push(m) } } };
      w.flutter_inappwebview = { callHandler: (...args: unknown[]) => posted.push(args) };
      // Something answering messages nobody sent.
      setInterval(() => (w.consorcioBridge as { answer?: (a: unknown) => void } | undefined)?.answer?.({ id: 'b1', result: { shared: true, ok: true, granted: true } }), 200);
    });
    const page = await context.newPage();
    await toSlip(page);
    await page.getByRole('button', { name: 'Baixar PDF' }).waitFor();
    expect(await page.getByRole('button', { name: 'Compartilhar' }).count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.goto(`${stack.baseUrl}/biometria`);
    await page.waitForURL('**/indisponivel');
    expect(await page.evaluate(() => (window as unknown as { __posted: unknown[] }).__posted)).toEqual([]);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await context.close();
  });

  test('a wrapper that never answers the share: the download starts about 2 s after the tap, with no error shown', async () => {
    const ios = await openInWrapper(browser, 'ios', { 'share-file': 'silent', evaluation: 'silent' });
    const { page } = ios;
    await toSlip(page);
    await page.getByRole('button', { name: 'Agora não' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const share = page.getByRole('button', { name: 'Compartilhar' });
    const tapped = Date.now();
    const [download] = await Promise.all([page.waitForEvent('download'), share.click()]);
    const waited = Date.now() - tapped;
    expect(download.suggestedFilename()).toMatch(/^boleto-\d+\.pdf$/);
    // 2 s of silence, then the web path; the margin is for a loaded machine fetching the PDF.
    expect(waited).toBeGreaterThanOrEqual(1900);
    expect(waited).toBeLessThan(6000);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    console.info(`silent wrapper: download started ${waited} ms after the tap`);
    await ios.context.close();
  });
});
