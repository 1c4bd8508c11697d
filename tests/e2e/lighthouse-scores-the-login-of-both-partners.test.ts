import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

/**
 * Lighthouse's search-engine, accessibility and best-practice audits on the login of each partner
 * (what a search engine, a shared link and a first-time visitor meet). Performance is left to
 * `npm run bench` (it needs a quiet machine); the three categories here are about what the page
 * is, and cost a fraction of a performance run. One Chromium for both pages, desktop form factor,
 * no throttling simulation.
 */
const CATEGORIES = ['seo', 'accessibility', 'best-practices'] as const;

let chrome: LaunchedChrome;
beforeAll(async () => {
  chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP localhost 127.0.0.1, MAP *.localhost 127.0.0.1'],
    logLevel: 'silent',
  });
});
afterAll(async () => {
  chrome?.kill();
});

describe('Lighthouse on /entrar', () => {
  test.each([
    { partner: 'Consórcio Aurora', host: 'localhost' },
    { partner: 'Horizonte Consórcios', host: 'horizonte.localhost' },
  ])('$partner scores 1.00 in SEO, accessibility and best practices', async ({ host }) => {
    const result = await lighthouse(`http://${host}:${stack.port}/entrar`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'silent',
      onlyCategories: [...CATEGORIES],
      formFactor: 'desktop',
      screenEmulation: { mobile: false, width: 1280, height: 800, deviceScaleFactor: 1, disabled: false },
      throttlingMethod: 'provided',
    });
    const lhr = result!.lhr;
    // The audits that cost points, by id, with what Lighthouse says of them: a failure names them.
    const failing = CATEGORIES.flatMap((category) =>
      lhr.categories[category]!.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]!.score ?? 1) < 1)
        .map((ref) => `${category}/${ref.id}: ${lhr.audits[ref.id]!.title} ${JSON.stringify(lhr.audits[ref.id]!.details ?? {}).slice(0, 400)}`),
    );
    expect(failing).toEqual([]);
    expect(Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]!.score]))).toEqual({ seo: 1, accessibility: 1, 'best-practices': 1 });
  });
});
