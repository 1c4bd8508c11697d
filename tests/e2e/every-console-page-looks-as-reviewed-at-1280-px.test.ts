import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { useBrowser } from '../helpers/browser.js';
import { CONSOLE_DESK, consolePages, staffPageAt, withDraftAndRequest } from '../helpers/console-pages.js';
import { consoleOrigin } from '../helpers/console-host.js';
import { REVIEW_CLOCK, settled } from '../helpers/every-screen.js';
import { compareScreenshot, SCREENSHOT_TOLERANCE } from '../helpers/screenshots.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();
const dir = fileURLToPath(new URL('./__screenshots__/console/', import.meta.url));

/** A console page as a file name: `/ops/textos?busca=Bem-vindo` → `ops_textos_busca-Bem-vindo`. */
const shotName = (path: string) => path.slice(1).replace(/[/?]/g, '_').replace(/[=&]/g, '-');

/**
 * Every console page at a desk (1280 px), the whole page against its reviewed baseline
 * (`__screenshots__/console/<page>-1280.png`): a draft under review and a scheduled publish exist,
 * the back office's clock is fixed, and what moves with the server's own clock (when a version was
 * published, the period of the figures) is covered. `UPDATE_SCREENSHOTS=1` rewrites the baselines:
 * look at each PNG before keeping it.
 */
describe('the operations console at a desk', () => {
  test('every console page looks as its reviewed baseline at 1280 px', { timeout: 900_000 }, async () => {
    await stack.sandbox.setClock(REVIEW_CLOCK);
    const page = await staffPageAt(browser, stack.baseUrl, CONSOLE_DESK);
    const discard = await withDraftAndRequest(stack, page);
    const differ: string[] = [];
    for (const path of consolePages(stack)) {
      await page.goto(`${consoleOrigin(stack.baseUrl)}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await settled(page);
      if (await page.locator('.table-editor').count()) await page.locator('.table-editor-status').getByText(/^Analisador: /).waitFor();
      const mask = [page.getByText(/\d{2}\/\d{2}\/\d{4}/), page.locator('select').filter({ hasText: /\d{2}\/\d{2}\/\d{4}/ })];
      const shot = await compareScreenshot(page, `${dir}${shotName(path)}-1280.png`, { fullPage: true, mask });
      if (shot.ratio > SCREENSHOT_TOLERANCE.maxDiffRatio) differ.push(`${path}: ${shot.diffPixels} pixels (see ${shot.diffPath ?? '-'})`);
    }
    await discard();
    await page.close();
    expect(differ, 'console pages that look different from their baselines').toEqual([]);
  });
});
