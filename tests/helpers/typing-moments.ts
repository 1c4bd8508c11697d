import type { Browser, Locator, Page, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PERSON_WAIT_MS, useBrowser } from './browser.js';
import { persona } from './personas.js';
import { useStack, type Stack } from './stack.js';
import { casesOf, type TestPart } from './test-parts.js';

/**
 * Typing into the login while it becomes interactive (the tries of the typing test files).
 *
 * A slow phone (a slow mobile network, and 6× CPU throttling while the page becomes interactive):
 * the login page arrives drawn by the server and the customer starts typing before the renderer
 * owns it. Whatever the moment, what the fields show once the page works, and what "Entrar"
 * sends, is exactly what was typed.
 *
 * Each try holds the scripts until the moment under test, so the moments are events, not times:
 *  - before: everything typed before any script arrives;
 *  - across: half typed before, the rest right after the scripts are let through;
 *  - running: typed as soon as the scripts have been answered (the renderer is starting);
 *  - frames-N: typed N animation frames after the scripts were answered (hydration under way);
 *  - ready: typed as soon as the page says it works (#root no longer aria-busy).
 * Each moment is tried with keystrokes (a person typing) and with `fill` (autofill, paste).
 */
const ana = persona('ana');
/** Ana's CPF as she types it, and as the field shows it once masked. */
export const DIGITS = ana.document.replace(/\D/g, '');
export const SHOWN = '661.157.509-03';

type Moment = 'before' | 'across' | 'running' | `frames-${number}` | 'ready';
type Method = 'keys' | 'fill';
/** Every moment, each with keystrokes and with fill: 24 tries, two phones at a time (one moment). */
const MOMENTS: Moment[] = ['before', 'across', 'running', 'frames-1', 'frames-2', 'frames-3', 'frames-5', 'frames-8', 'frames-13', 'frames-21', 'frames-34', 'ready'];

/**
 * A slow phone: a mobile network (150 ms, 1.6 Mbit/s down) from the start, and the CPU throttled
 * 6× while the page becomes interactive (`slowCpu(true)` when its scripts are let through,
 * `slowCpu(false)` once it works and the customer has typed). Chromium slows a page by interrupting
 * its thread and spinning, busy or idle (thread_cpu_throttler in Blink): a page throttled for its
 * whole life would cost the machine most of a core for every second it is open, waiting included.
 */
async function slowPhone(page: Page): Promise<(slow: boolean) => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  return async (slow) => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slow ? 6 : 1 });
  };
}

/** Types as the try says: keystrokes, or the whole value at once; never waiting for the page to "work" (a person does not). */
async function type(field: Locator, text: string, method: Method): Promise<void> {
  if (method === 'fill') await field.fill(text, { force: true });
  else {
    await field.focus();
    await field.pressSequentially(text);
  }
}

/** One try: a fresh slow phone opens the login, the customer types at `moment` by `method`; the fields keep it and Entrar sends it. */
async function typeAt(stack: Stack, browser: Browser, moment: Moment, method: Method): Promise<void> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  page.setDefaultTimeout(PERSON_WAIT_MS);
  const slowCpu = await slowPhone(page);
  const held: Route[] = [];
  let scriptsLetThrough = false;
  const answered: Array<Promise<void>> = [];
  await page.route('**/assets/*.js', (route) => {
    if (scriptsLetThrough) return route.continue();
    held.push(route);
  });
  // The page becomes interactive on the slow CPU: from the moment its scripts arrive.
  const letScriptsThrough = async () => {
    await slowCpu(true);
    scriptsLetThrough = true;
    answered.push(...held.splice(0).map((route) => route.continue()));
    await Promise.all(answered);
  };
  const sent: Array<Record<string, unknown>> = [];
  page.on('request', (r) => r.url().endsWith('/api/actions/auth/login') && sent.push(JSON.parse(r.postData() ?? '{}') as Record<string, unknown>));
  // What Entrar sends is the subject; what the back office answers and the next screen are other tests'.
  await page.route('**/api/actions/auth/login', (route) => route.abort());

  await page.goto(`${stack.baseUrl}/entrar`, { waitUntil: 'commit' });
  const documentField = page.getByLabel('CPF ou CNPJ').first();
  const password = page.getByLabel('Senha de 6 dígitos').first();
  await documentField.waitFor();
  const root = page.locator('#root');

  if (moment === 'before') {
    await type(documentField, DIGITS, method);
    await type(password, ana.password, method);
    await letScriptsThrough();
  } else if (moment === 'across') {
    await type(documentField, DIGITS.slice(0, 5), method === 'fill' ? 'keys' : method);
    await letScriptsThrough();
    if (method === 'fill') await type(documentField, DIGITS, 'fill');
    else await type(documentField, DIGITS.slice(5), 'keys');
    await type(password, ana.password, method);
  } else if (moment === 'ready') {
    await letScriptsThrough();
    await expect.poll(() => root.getAttribute('aria-busy')).toBeNull();
    await type(documentField, DIGITS, method);
    await type(password, ana.password, method);
  } else {
    await letScriptsThrough();
    const frames = moment === 'running' ? 0 : Number(moment.slice('frames-'.length));
    await page.evaluate((n) => new Promise<void>((resolve) => {
      const step = (left: number) => (left <= 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
      step(n);
    }), frames);
    await type(documentField, DIGITS, method);
    await type(password, ana.password, method);
  }

  // What the customer sees once the page works: the CPF formatted, the password whole. (The page
  // has become interactive on the slow CPU; what is left is read at full speed.)
  await expect.poll(() => root.getAttribute('aria-busy')).toBeNull();
  await slowCpu(false);
  await expect.poll(() => documentField.inputValue()).toBe(SHOWN);
  expect(await password.inputValue()).toBe(ana.password);
  // What Entrar sends: the login request itself.
  const login = page.waitForRequest((r) => r.url().endsWith('/api/actions/auth/login'));
  await page.getByRole('button', { name: 'Entrar', exact: true }).first().click();
  await login;
  expect(sent, `typed at moment ${moment} by ${method}`).toEqual([expect.objectContaining({ documento: DIGITS, senha: ana.password })]);
  await context.close();
}

/** One typing test file: the moments of its part, each typed and filled by two phones at a time. */
export function describeTypingTries(part: TestPart): void {
  const stack = useStack();
  const browser = useBrowser();
  const mine = casesOf(MOMENTS, part);
  describe('typing into the server-drawn login while the page becomes interactive', () => {
    // Two phones at a time (one moment, typed and filled): a phone mostly waits (on the slow
    // network, on the scripts held back), so two take little more time than one. Not four: a page
    // throttled 6× spins its thread (most of a core each), and four of them beside two CPU hogs
    // can leave a keystroke waiting longer than a person waits (PERSON_WAIT_MS).
    test.each(mine)('typed at moment %s, by keystrokes and by fill: the fields keep it and Entrar sends it', async (moment) => {
      await Promise.all([typeAt(stack, browser, moment, 'keys'), typeAt(stack, browser, moment, 'fill')]);
    });
  });
}
