import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';

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

export async function compareScreenshot(page: Page, file: string): Promise<ShotResult> {
  const actual = await page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
  const name = file.split('/').at(-1) ?? file;
  if (process.env.UPDATE_SCREENSHOTS === '1' || (!existsSync(file) && !process.env.CI)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, actual);
    return { name, diffPixels: 0, ratio: 0 };
  }
  if (!existsSync(file)) throw new Error(`no baseline ${file}: run with UPDATE_SCREENSHOTS=1 and commit it`);
  const expected = PNG.sync.read(readFileSync(file));
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

/** The actual image beside the baseline (`*.actual.png`, git-ignored) for review. */
function writeActual(file: string, actual: Buffer): string {
  const path = file.replace(/\.png$/, '.actual.png');
  writeFileSync(path, actual);
  return path;
}
