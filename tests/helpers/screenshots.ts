import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Locator, Page } from 'playwright-core';

// Animations are stopped by the screenshot itself (animations: 'disabled') and by reduced motion; the caret is hidden.

/**
 * Screenshot comparison against committed baselines (pixelmatch + pngjs). `UPDATE_SCREENSHOTS=1`
 * rewrites the baselines; a missing baseline is written outside CI and fails in CI.
 */
export const SCREENSHOT_TOLERANCE = {
  /** Per-pixel colour distance pixelmatch ignores (anti-aliasing noise). */
  threshold: 0.1,
  /** Share of the image allowed to differ beyond that. */
  maxDiffRatio: 0.002,
};

export interface ShotResult {
  name: string;
  diffPixels: number;
  ratio: number;
  /** Where the diff image was written, when the shot differs. */
  diffPath?: string;
}

/** What to shoot: the viewport (default), the whole page, or one element of it. */
export interface ShotOptions {
  fullPage?: boolean;
  element?: Locator;
  /** Further parts covered: what moves with the server's own clock on a page (a version's time). */
  mask?: Locator[];
}

/**
 * Counters that move with the wall clock ("Aguarde 57 s" on a resend button) are covered: a
 * second's difference is not a change of look.
 */
const MOVING = '[data-countdown]';
/**
 * When each of a customer's sessions started and was last used (/perfil/sessoes) is the server's
 * own clock, not the back office's fixed one: those lines are covered too.
 */
const SESSION_TIMES = /^(Iniciada|Último acesso) em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/;

export async function compareScreenshot(page: Page, file: string, options: ShotOptions = {}): Promise<ShotResult> {
  const shot = { animations: 'disabled' as const, caret: 'hide' as const, scale: 'css' as const, mask: [page.locator(MOVING), page.locator('p.text').filter({ hasText: SESSION_TIMES }), ...(options.mask ?? [])] };
  const actual = options.element ? await options.element.screenshot(shot) : options.fullPage ? await wholePage(page, shot) : await page.screenshot(shot);
  const name = file.split('/').at(-1) ?? file;
  if (process.env.UPDATE_SCREENSHOTS === '1' || (!existsSync(file) && !process.env.CI)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, actual);
    return { name, diffPixels: 0, ratio: 0 };
  }
  if (!existsSync(file)) throw new Error(`no baseline ${file}: run with UPDATE_SCREENSHOTS=1 and commit it`);
  const baseline = readFileSync(file);
  // The same pixels make the same file: nothing to decode and compare.
  if (baseline.equals(actual)) return { name, diffPixels: 0, ratio: 0 };
  const expected = PNG.sync.read(baseline);
  const got = PNG.sync.read(actual);
  if (expected.width !== got.width || expected.height !== got.height) {
    return { name, diffPixels: Number.POSITIVE_INFINITY, ratio: 1, diffPath: writeActual(file, actual) };
  }
  const diff = new PNG({ width: got.width, height: got.height });
  const diffPixels = pixelmatch(expected.data, got.data, diff.data, got.width, got.height, { threshold: SCREENSHOT_TOLERANCE.threshold });
  const ratio = diffPixels / (got.width * got.height);
  if (ratio <= SCREENSHOT_TOLERANCE.maxDiffRatio) return { name, diffPixels, ratio };
  writeActual(file, actual);
  const diffPath = file.replace(/\.png$/, '.diff.png');
  writeFileSync(diffPath, PNG.sync.write(diff));
  return { name, diffPixels, ratio, diffPath };
}

/**
 * The whole page as a phone this tall would show it: the viewport grown to the page's height, so
 * what is fixed to the bottom (the navigation bar) is drawn at the bottom, not over the middle
 * as a stitched full-page shot draws it. Focus is taken away first (an autofocused field is
 * focused or not depending on when hydration ran).
 */
async function wholePage(page: Page, shot: Parameters<Page['screenshot']>[0]): Promise<Buffer> {
  const viewport = page.viewportSize() ?? { width: 412, height: 915 };
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
  let height = viewport.height;
  for (let tries = 0; tries < 3; tries++) {
    const needed = await page.evaluate(() => document.documentElement.scrollHeight);
    if (needed <= height) break;
    height = needed;
    await page.setViewportSize({ width: viewport.width, height });
  }
  try {
    return await page.screenshot(shot);
  } finally {
    if (height !== viewport.height) await page.setViewportSize(viewport);
  }
}

/** The actual image beside the baseline (`*.actual.png`, git-ignored) for review. */
function writeActual(file: string, actual: Buffer): string {
  const path = file.replace(/\.png$/, '.actual.png');
  writeFileSync(path, actual);
  return path;
}
