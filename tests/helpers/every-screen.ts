import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { loadDefinitions } from '../../server/src/composition/definitions.js';
import { client } from './api-client.js';
import { axeViolations } from './axe.js';
import { loginInBrowser, PERSON_WAIT_MS, useBrowser } from './browser.js';
import { concrete, generateJourneys } from './journeys.js';
import { allPersonas } from './personas.js';
import { compareScreenshot, SCREENSHOT_TOLERANCE } from './screenshots.js';
import { useStack } from './stack.js';
import { casesOf, type TestPart } from './test-parts.js';

/**
 * The review of every screen a customer of one partner can reach: each route of the
 * generated journeys (every route of the route table and every target of the decision tables) is
 * opened in Chromium, public ones before login, the others as the first of the partner's personas
 * whose state the server draws that screen for (the API says which; a new persona or route needs
 * no list). On each screen, settled: axe-core (WCAG 2.0 A/AA, 2.1 AA, 2.2 AA, best practices) at
 * 412 px and 1280 px, and the whole page at 412 px against its reviewed baseline
 * (`tests/e2e/__screenshots__/every-screen/<partner>/`), on a fixed back-office clock. Mobile-only
 * routes are drawn for phones only and are left to their own journeys.
 */
export interface Partner {
  partner: 'aurora' | 'horizonte';
  id: number;
  name: string;
  host?: string;
  /** Screens checked at least (what no persona reaches is said in docs/accessibility.md). */
  atLeast: number;
}

export const PARTNERS: Record<Partner['partner'], Partner> = {
  aurora: { partner: 'aurora', id: 1, name: 'Consórcio Aurora', atLeast: 150 },
  horizonte: { partner: 'horizonte', id: 68, name: 'Horizonte Consórcios', host: 'horizonte.localhost', atLeast: 60 },
};

const WIDTHS = [412, 1280] as const;
/** The back office's "now" for every baseline: due dates and timestamps are the same on every run. */
export const REVIEW_CLOCK = '2026-11-20T13:00:00.000Z';
export const EVERY_SCREEN_DIR = fileURLToPath(new URL('../e2e/__screenshots__/every-screen/', import.meta.url));
/** One browser for every shot: a phone-sized page at 1 CSS pixel per pixel, Brasília time, no motion. */
export const REVIEW_CONTEXT: BrowserContextOptions = { locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce', deviceScaleFactor: 1, viewport: { width: WIDTHS[0], height: 915 } };

/** A route as a file name: `/faturamentoseminovo/acompanharpagamento` → `faturamentoseminovo_acompanharpagamento`. */
export const shotName = (path: string) => (path === '/' ? 'raiz' : path.slice(1).replace(/[/:]/g, '_'));

/** The screen has arrived and works: no skeleton, nothing busy or loading, icons and fonts drawn, the pointer away. */
export async function settled(page: Page): Promise<void> {
  await page.getByTestId('screen-skeleton').waitFor({ state: 'detached' });
  await page.locator('.loading').waitFor({ state: 'detached' });
  // (A skeleton drawn inside a theme preview is the gallery's example of one: it stays.)
  await expect.poll(() => page.locator('[aria-busy="true"]:not(.theme-preview *), [data-icon-pending]').count()).toBe(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete))).toBe(true);
  await page.mouse.move(0, 0);
}

/** What the review of one screen found: axe's violations at both widths and a look that differs from its baseline. */
export async function review(page: Page, partner: Partner['partner'], path: string, found: string[]): Promise<void> {
  await settled(page);
  const shot = await compareScreenshot(page, `${EVERY_SCREEN_DIR}${partner}/${shotName(path)}.png`, { fullPage: true });
  if (shot.ratio > SCREENSHOT_TOLERANCE.maxDiffRatio) found.push(`${path}: looks different from its baseline in ${shot.diffPixels} pixels (see ${shot.diffPath ?? '-'})`);
  for (const width of WIDTHS) {
    if (width !== WIDTHS[0]) await page.setViewportSize({ width, height: 900 });
    for (const violation of await axeViolations(page)) found.push(`${path} at ${width} px: ${violation}`);
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 915 });
}

/** For each route the partner's personas can open, the first persona the server draws its screen for. */
async function whoSees(baseUrl: string, partner: Partner, paths: Array<{ path: string; screen: string }>): Promise<Map<string, string[]>> {
  const byPersona = new Map<string, string[]>();
  const left = new Map(paths.map((p) => [p.path, p.screen]));
  for (const someone of allPersonas().filter((p) => p.partner === partner.id)) {
    if (left.size === 0) break;
    const c = client(baseUrl, partner.host);
    try {
      await c.loginWithQuota(someone.key);
    } catch {
      continue; // a persona whose login is its own journey (one-time code, expired password …)
    }
    for (const [path, screen] of [...left]) {
      const { body } = await c.screen(concrete(path));
      if (body.kind === 'screen' && body.screen === screen) {
        byPersona.set(someone.key, [...(byPersona.get(someone.key) ?? []), path]);
        left.delete(path);
      }
    }
  }
  return byPersona;
}

export interface Reviewed {
  path: string;
  /** The persona the screen was opened as; absent for public screens. */
  persona?: string;
}

/** The whole review of a partner: every screen to open, in order, and as whom (the API decides; no list to keep). */
export async function planReview(stack: ReturnType<typeof useStack>, partner: Partner): Promise<Reviewed[]> {
  const definitions = loadDefinitions();
  const journeys = generateJourneys(definitions.routes, definitions.flows).filter((j) => !j.steps.some((s) => s.kind === 'use-phone'));
  await stack.sandbox.reset();
  await stack.sandbox.setClock(REVIEW_CLOCK);
  const publicScreens = journeys.filter((j) => j.steps.length === 1).map((j) => ({ path: j.path }));
  const byPersona = await whoSees(stack.baseUrl, partner, journeys.filter((j) => j.steps.length > 1));
  return [...publicScreens, ...[...byPersona].flatMap(([persona, paths]) => paths.map((path) => ({ path, persona })))];
}

/** Opens the screens of one part of the plan and reviews each; what it found, and which screens it saw. */
export async function reviewScreens(stack: ReturnType<typeof useStack>, browser: Browser, partner: Partner, screens: Reviewed[]): Promise<{ found: string[]; reviewed: Reviewed[] }> {
  const origin = partner.host ? `http://${partner.host}:${stack.port}` : stack.baseUrl;
  const found: string[] = [];
  const reviewed: Reviewed[] = [];
  // No screen a customer reaches needs the JSON-form library (a chunk of its own): the light form draws its forms.
  let current = '';
  const watchFormLibrary = (page: Page) => page.on('request', (r) => /json-form/.test(r.url()) && found.push(`${current}: downloads the JSON-form library (a form the light form cannot draw)`));
  const open = async (page: Page, screen: Reviewed) => {
    current = screen.path;
    await page.goto(`${origin}${concrete(screen.path)}`);
    await review(page, partner.partner, screen.path, found);
    reviewed.push(screen);
  };

  const visitor = await browser.newContext(REVIEW_CONTEXT);
  const page = await visitor.newPage();
  page.setDefaultTimeout(PERSON_WAIT_MS);
  watchFormLibrary(page);
  for (const screen of screens.filter((s) => !s.persona)) await open(page, screen);
  await visitor.close();

  for (const key of new Set(screens.flatMap((s) => (s.persona ? [s.persona] : [])))) {
    const context = await browser.newContext(REVIEW_CONTEXT);
    const customer = await context.newPage();
    watchFormLibrary(customer);
    await loginInBrowser(customer, origin, allPersonas().find((p) => p.key === key)!);
    await customer.waitForURL((url) => !url.pathname.startsWith('/entrar'));
    // The quota list (or, for a customer the guard holds, the screen it holds them on).
    if (customer.url().endsWith('/groups-and-quotas')) {
      await customer.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
      await customer.waitForURL((url) => !url.pathname.endsWith('/groups-and-quotas'));
    }
    for (const screen of screens.filter((s) => s.persona === key)) await open(customer, screen);
    await context.close();
  }
  return { found, reviewed };
}

export const CONTACT_SHEET = fileURLToPath(new URL('../../docs/screens.md', import.meta.url));
const SHEET_COLUMNS = 4;

/** One partner's part of the contact sheet: a grid of small baselines, each with its route and who it was opened as. */
export function contactSheetPart(partner: Partner, reviewed: Reviewed[]): string {
  const sorted = [...reviewed].sort((a, b) => a.path.localeCompare(b.path));
  const cell = (r: Reviewed) => `<a href="../tests/e2e/__screenshots__/every-screen/${partner.partner}/${shotName(r.path)}.png"><img src="../tests/e2e/__screenshots__/every-screen/${partner.partner}/${shotName(r.path)}.png" width="160" alt="${r.path}"></a><br><code>${r.path}</code>${r.persona ? ` · ${r.persona}` : ''}`;
  const rows: string[] = [];
  for (let i = 0; i < sorted.length; i += SHEET_COLUMNS) {
    const cells = sorted.slice(i, i + SHEET_COLUMNS).map(cell);
    rows.push(`| ${[...cells, ...Array(SHEET_COLUMNS - cells.length).fill(' ')].join(' | ')} |`);
  }
  return [`## ${partner.name} (${sorted.length} screens)`, '', `| ${Array(SHEET_COLUMNS).fill(' ').join(' | ')} |`, `|${Array(SHEET_COLUMNS).fill('---').join('|')}|`, ...rows, ''].join('\n');
}

/** The marker around a partner's part of docs/screens.md. */
const marks = (partner: Partner) => [`<!-- ${partner.partner}:start -->`, `<!-- ${partner.partner}:end -->`] as const;

/** The partner's part as docs/screens.md holds it (empty when it holds none). */
export function sheetPartIn(sheet: string, partner: Partner): string {
  const [start, end] = marks(partner);
  const from = sheet.indexOf(start);
  const to = sheet.indexOf(end);
  return from < 0 || to < 0 ? '' : sheet.slice(from + start.length + 1, to);
}

/** docs/screens.md with the partner's part replaced (written with the baselines, under UPDATE_SCREENSHOTS=1). */
export function writeSheetPart(sheet: string, partner: Partner, part: string): void {
  const [start, end] = marks(partner);
  const from = sheet.indexOf(start);
  const to = sheet.indexOf(end);
  if (from < 0 || to < 0) throw new Error(`${CONTACT_SHEET} has no ${start} … ${end}`);
  writeFileSync(CONTACT_SHEET, `${sheet.slice(0, from + start.length + 1)}${part}${sheet.slice(to)}`);
}

/**
 * The test of one part of a partner's review (every `of`-th screen of the whole plan, so each part
 * gets public and customer screens alike): no axe violation, no screen that looks different
 * from its baseline, every screen of the part reviewed; part 1 also: most of the product reached,
 * no baseline left of a screen no longer reached, and the contact sheet (docs/screens.md) showing
 * exactly the screens of the plan. `UPDATE_SCREENSHOTS=1` writes the baselines; part 1 removes the
 * stale ones and rewrites the partner's part of the sheet.
 */
export async function expectReviewed(stack: ReturnType<typeof useStack>, browser: Browser, partner: Partner, part: TestPart): Promise<void> {
  const plan = await planReview(stack, partner);
  const mine = casesOf(plan, part);
  const { found, reviewed } = await reviewScreens(stack, browser, partner, mine);
  expect(found, `${partner.name}, part ${part.part} of ${part.of}: what the review found`).toEqual([]);
  expect(reviewed, `${partner.name}, part ${part.part} of ${part.of}: screens reviewed`).toEqual(mine);
  if (part.part !== 1) return;
  expect(plan.length, `${partner.name}: screens reviewed`).toBeGreaterThan(partner.atLeast);

  const dir = `${EVERY_SCREEN_DIR}${partner.partner}/`;
  const names = new Set(plan.map((r) => `${shotName(r.path)}.png`));
  const stale = (existsSync(dir) ? readdirSync(dir) : []).filter((f) => /^[^.]+\.png$/.test(f) && !names.has(f));
  const sheet = readFileSync(CONTACT_SHEET, 'utf8');
  const sheetPart = contactSheetPart(partner, plan);
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    for (const file of stale) rmSync(`${dir}${file}`);
    writeSheetPart(sheet, partner, sheetPart);
    return;
  }
  expect(stale, `${partner.name}: baselines of screens no longer reached (run with UPDATE_SCREENSHOTS=1)`).toEqual([]);
  expect(sheetPartIn(sheet, partner), `${partner.name}: docs/screens.md is out of step (run with UPDATE_SCREENSHOTS=1)`).toBe(sheetPart);
}

/** The test file of one part of a partner's review: its own stack and browser, one test (several files, so workers share the review). */
export function describeEveryScreenReview(key: Partner['partner'], part: TestPart): void {
  const stack = useStack();
  const browser = useBrowser();
  const partner = PARTNERS[key];
  describe('every screen reviewed', () => {
    test(`${partner.name}, part ${part.part} of ${part.of}: every screen its customers reach passes axe at 412 and 1280 px and looks as its reviewed baseline`, async () => {
      await expectReviewed(stack, browser, partner, part);
    }, 900_000);
  });
}
