/**
 * `npm run bench:wait` (prints, never asserts): the wait the customer feels, as the headline figure.
 * Chromium on a slow phone (4× CPU, 150 ms RTT, 1.6 Mbit/s down, 412 px) goes through
 * login → quota list → home and home → slips → generated slip, BENCH_WAIT_RUNS times (20) against
 * two stacks side by side — one whose sandbox answers with the `realistic` latency profile (errors
 * off: a retried failure would be a wait of the profile's, not the product's), one with `none` — in
 * alternating runs, and prints the time from each tap until the next screen is usable (its content
 * there and React owning its controls, read on the page's own clock: bench/usable-on-the-page.ts),
 * p50 and p95. The difference between the two columns is
 * the back office's; what remains under `none` is what the product adds.
 * Goals: login submit → home usable ≤ 1.5 s p50; a tap from home → its screen usable ≤ 1.0 s p50.
 */
import { loadavg } from 'node:os';
import { chromium, type Browser, type Page } from 'playwright-core';
import { persona } from '../tests/helpers/personas.js';
import { machineLine } from './machine.js';
import { latencyStack, realisticWithoutErrors } from './latency-stack.js';
import { stopAll } from './processes.js';
import { usableAfterTap, watchUsable, type Usable } from './usable-on-the-page.js';

const RUNS = Number(process.env.BENCH_WAIT_RUNS ?? 20);
const THROTTLE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const STEPS = ['login submit → quota list', 'quota chosen → home', 'login submit → home (both waits)', 'home → slips', 'slips → generated slip'] as const;
type Step = (typeof STEPS)[number];
const GOALS: Partial<Record<Step, number>> = { 'login submit → home (both waits)': 1500, 'home → slips': 1000 };

/** Taps with `tap` and answers the milliseconds until the screen `usable` names is (bench/usable-on-the-page.ts). */
async function timed(page: Page, usable: Usable, tap: () => Promise<void>): Promise<number> {
  await watchUsable(page, usable);
  await tap();
  return usableAfterTap(page);
}

/** One customer's journey on a throttled phone; the wait of each step. */
async function journey(browser: Browser, base: string): Promise<Record<Step, number>> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...THROTTLE });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    const ana = persona('ana');
    await page.goto(`${base}/entrar`);
    await page.getByLabel('CPF ou CNPJ').first().fill(ana.document);
    await page.getByLabel('Senha de 6 dígitos').first().fill(ana.password);
    // The login form works (hydrated) and the page is at rest, as when a person has typed their password.
    await page.locator('#root:not([aria-busy])').waitFor();
    await page.waitForLoadState('networkidle');
    const toList = await timed(page, { screen: 'groups-and-quotas', text: 'Acompanhar esta cota', owned: 'button' }, () => page.getByRole('button', { name: 'Entrar' }).first().click());
    const toHome = await timed(page, { screen: 'home', text: 'Olá, Ana', owned: '.app-nav button' }, () => page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click());
    const toSlips = await timed(page, { screen: 'boletos', text: 'Gerar boleto', owned: 'button' }, () =>
      page.getByRole('navigation', { name: 'Sua cota' }).getByRole('link', { name: 'Boletos', exact: true }).click(),
    );
    const toSlip = await timed(page, { screen: 'boletos-gerado', text: 'Copiar código Pix', owned: 'button' }, () => page.getByRole('button', { name: 'Gerar boleto' }).first().click());
    return { 'login submit → quota list': toList, 'quota chosen → home': toHome, 'login submit → home (both waits)': toList + toHome, 'home → slips': toSlips, 'slips → generated slip': toSlip };
  } finally {
    await context.close();
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A sandbox and a server on ports of their own, the sandbox answering with `latency`. */
async function stack(name: string, latency: string, offset: number): Promise<string> {
  const { base, script } = await latencyStack({ latency, seed: '7', offset: 10 + offset, host: 'localhost' });
  console.log(`${name}: ${script}, sandbox latency ${latency === 'none' ? 'none' : 'realistic, errors off'}, ${base}`);
  return base;
}

async function main(): Promise<void> {
  console.log(machineLine());
  console.log(`load average at start: ${loadavg()[0]!.toFixed(2)} (1 min)`);
  const realistic = realisticWithoutErrors();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const bases = { realistic: await stack('realistic', realistic.path, 0), none: await stack('none', 'none', 1) };
    const waits = { realistic: [] as Record<Step, number>[], none: [] as Record<Step, number>[] };
    await journey(browser, bases.realistic); // warm-up: JIT, the pools, the build's first compression
    await journey(browser, bases.none);
    for (let run = 1; run <= RUNS; run++) {
      // Alternating, in the opposite order every other run: a drift of the machine weighs on both alike.
      for (const profile of run % 2 ? (['realistic', 'none'] as const) : (['none', 'realistic'] as const)) waits[profile].push(await journey(browser, bases[profile]));
    }
    console.log(`\nthe customer's wait, ${RUNS} runs each (p50 / p95), from the tap until the next screen is usable:`);
    console.log(`  ${'step'.padEnd(34)} ${'realistic back office'.padStart(24)} ${'instant back office'.padStart(22)}   goal (p50, realistic)`);
    for (const step of STEPS) {
      const cell = (profile: 'realistic' | 'none') => `${seconds(quantile(waits[profile].map((w) => w[step]), 0.5))} / ${seconds(quantile(waits[profile].map((w) => w[step]), 0.95))}`;
      const goal = GOALS[step];
      console.log(`  ${step.padEnd(34)} ${cell('realistic').padStart(24)} ${cell('none').padStart(22)}   ${goal ? `≤ ${seconds(goal)}` : ''}`);
    }
    console.log(`load average at end: ${loadavg()[0]!.toFixed(2)} (1 min)`);
  } finally {
    await browser.close();
    realistic.remove();
  }
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
