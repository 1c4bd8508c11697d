import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { loginInBrowser, PERSON_WAIT_MS } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

/**
 * Chromium with a profile of its own on disk, as a person's browser is: an app is installed into a
 * profile, and Chromium refuses to install one from an off-the-record context (the tests' usual
 * browser contexts are). Removed with the test.
 */
async function personsBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'installed-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 412, height: 915 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP localhost 127.0.0.1, MAP *.localhost 127.0.0.1'],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const PARTNERS = [
  { who: 'ana', host: 'localhost', name: 'Consórcio Aurora', primary: '#CE181E' },
  { who: 'marcos', host: 'horizonte.localhost', name: 'Horizonte Consórcios', primary: '#0B5FA5' },
];

/** Every address the page's origin keeps in its caches (Cache Storage), whoever put it there. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname + new URL(request.url).search);
    return paths.sort();
  });

/**
 * What Chromium itself says stops the page from being installed (DevTools protocol
 * `Page.getInstallabilityErrors`: the check behind "Install app" and behind Lighthouse's
 * installable-manifest audit, which Lighthouse 12 no longer has).
 */
async function installabilityErrors(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  await cdp.detach();
  return installabilityErrors.map((e) => e.errorId);
}

describe('installing the app, and using it without a network', () => {
  test.each(PARTNERS)('$who installs $name, goes offline and reads “Sem conexão” in its colours, retries once back; its caches hold no screen, slip or file', async ({ who, host, name, primary }) => {
    const base = `http://${host}:${stack.port}`;
    const { context, close } = await personsBrowser();
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(PERSON_WAIT_MS);
    await loginInBrowser(page, base, persona(who));
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    // The worker took the page (it claims its clients once active).
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: PERSON_WAIT_MS }).toBe(`${base}/sw.js`);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(primary);
    await expect.poll(() => installabilityErrors(page), { timeout: PERSON_WAIT_MS }).toEqual([]);

    // Screens, a slip and its PDF's address visited: none of them is kept.
    await page.goto(`${base}/boletos`);
    await page.getByRole('button', { name: 'Gerar boleto' }).first().click();
    await page.waitForURL('**/boletos/boletogerado?boleto=*');
    await page.getByRole('heading', { name: 'Boleto gerado' }).waitFor();
    await page.goto(`${base}/perfil/documentos/informe-ir`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await cachedPaths(page)).toEqual(['/icones/icone-192.png', '/sem-conexao']);

    await context.setOffline(true);
    await page.goto(`${base}/boletos`);
    await page.getByRole('heading', { name: 'Sem conexão' }).waitFor();
    expect(await page.getByRole('banner').innerText()).toBe(name);
    expect(await page.getByRole('banner').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      `rgb(${[1, 3, 5].map((i) => parseInt(primary.slice(i, i + 2), 16)).join(', ')})`,
    );
    // Its icon (decorative beside the name) comes from what the worker kept.
    await expect.poll(() => page.locator('header img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 192)).toBe(true);
    expect(page.url()).toBe(`${base}/boletos`);

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Tentar de novo' }).click();
    await page.getByRole('heading', { name: 'Boletos', level: 1 }).waitFor();
    expect(await cachedPaths(page)).toEqual(['/icones/icone-192.png', '/sem-conexao']);
    await close();
  });
});
