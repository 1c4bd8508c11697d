/**
 * First load as a customer on a slow phone sees it: Chromium (playwright-core) at 412 px wide with
 * 4× CPU throttling and slow 4G (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up), a cold cache for
 * every screen. For each screen: the JavaScript bytes actually transferred (compressed, as sent)
 * until the screen is interactive, the time to interactive, LCP, and INP of one typical interaction.
 */
import { chromium, type Browser, type BrowserContext, type Cookie, type Page } from 'playwright-core';
import { persona } from '../tests/helpers/personas.js';

export interface ScreenLoad {
  name: string;
  jsBytes: number;
  jsFiles: number;
  interactiveMs: number;
  lcpMs: number;
  inpMs: number;
}

interface Probe {
  name: string;
  path: string;
  /** Whose screen it is (ana unless said): the persona logged in before the screen is measured. */
  who?: string;
  /** Resolves when a person can use the screen. */
  interactive(page: Page): Promise<void>;
  /** One typical interaction, for INP. */
  interact(page: Page): Promise<void>;
}

/** A form screen is interactive when React owns its submit button. */
const formOwned = (label: string) => async (page: Page) => {
  await page.getByLabel(label).first().waitFor();
  await reactOwns(page, 'form button[type="submit"]');
};

const THROTTLE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** Collects LCP and event timings from the first byte of the page on. */
const OBSERVERS = `
  window.__perf = { lcp: 0, inp: 0 };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__perf.lcp = Math.max(window.__perf.lcp, e.startTime); })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.interactionId) window.__perf.inp = Math.max(window.__perf.inp, e.duration); })
    .observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

/**
 * The element is React's (created or hydrated by the renderer): a server-drawn screen is visible
 * before its JavaScript runs, but a tap on it does nothing until then.
 */
async function reactOwns(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return el !== null && Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
  }, selector);
}

export const PROBES: Probe[] = [
  {
    name: 'login (/entrar)',
    path: '/entrar',
    interactive: async (page) => {
      await page.getByLabel('CPF ou CNPJ').first().waitFor();
      await page.getByRole('button', { name: 'Entrar' }).first().waitFor();
      await reactOwns(page, 'button[type="submit"]');
    },
    interact: async (page) => {
      await page.getByLabel('CPF ou CNPJ').first().click();
      await page.keyboard.type('661');
    },
  },
  {
    name: 'home (/home)',
    path: '/home',
    interactive: async (page) => {
      await page.getByText('Olá, Ana').waitFor();
      await reactOwns(page, '.app-nav button');
    },
    interact: async (page) => {
      await page.getByRole('button', { name: 'Sair' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'slip list (/boletos/listadeboletos)',
    path: '/boletos/listadeboletos',
    interactive: async (page) => {
      await page.getByRole('checkbox').first().waitFor();
      await reactOwns(page, 'input[type="checkbox"]');
    },
    interact: (page) => page.getByRole('checkbox').first().click(),
  },
  // Form screens drawn by the light form (the JSON-form library's chunk is not downloaded).
  {
    name: 'address form (/perfil/endereco)',
    path: '/perfil/endereco',
    interactive: formOwned('CEP'),
    interact: (page) => page.getByLabel('CEP').first().click(),
  },
  {
    name: 'vehicle data (/faturamentonovo/dados-veiculo)',
    path: '/faturamentonovo/dados-veiculo',
    who: 'eduardo',
    interactive: formOwned('Marca'),
    interact: async (page) => {
      await page.getByLabel('Marca').first().click();
      await page.keyboard.type('Fiat');
    },
  },
  {
    name: 'awarded documents (/contemplado/documentos)',
    path: '/contemplado/documentos',
    who: 'nina',
    interactive: async (page) => {
      await page.getByRole('radiogroup').first().waitFor();
      await reactOwns(page, 'form button[type="submit"]');
    },
    interact: (page) => page.getByRole('radio').first().click(),
  },
  {
    name: 'upload (/faturamentoespecie/anexar-documentos)',
    path: '/faturamentoespecie/anexar-documentos',
    who: 'delta',
    interactive: async (page) => {
      await page.locator('input[type=file]').first().waitFor();
      await reactOwns(page, 'form button[type="submit"]');
    },
    interact: (page) => page.getByRole('button', { name: 'Enviar para análise' }).click(),
  },
];

async function newThrottledPage(browser: Browser, cookies: Cookie[]): Promise<{ context: BrowserContext; page: Page; jsBytes: () => { bytes: number; files: number } }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  if (cookies.length) await context.addCookies(cookies);
  await context.addInitScript(OBSERVERS);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...THROTTLE });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const scripts = new Set<string>();
  let bytes = 0;
  let files = 0;
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (scripts.has(e.requestId)) {
      bytes += e.encodedDataLength;
      files++;
    }
  });
  return { context, page, jsBytes: () => ({ bytes, files }) };
}

/** Logs a persona in without throttling and keeps the cookies (first quota chosen), for the protected screens. */
async function personaCookies(browser: Browser, base: string, who: { document: string; password: string }): Promise<Cookie[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`${base}/entrar`);
  await page.getByLabel('CPF ou CNPJ').first().fill(who.document);
  await page.getByLabel('Senha de 6 dígitos').first().fill(who.password);
  await page.getByRole('button', { name: 'Entrar' }).first().click();
  await page.waitForURL((url) => !url.pathname.startsWith('/entrar'));
  if (page.url().endsWith('/groups-and-quotas')) {
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL((url) => !url.pathname.endsWith('/groups-and-quotas'));
  }
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

export async function measureScreens(base: string): Promise<ScreenLoad[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const cookies = new Map<string, Cookie[]>();
    const out: ScreenLoad[] = [];
    for (const probe of PROBES) {
      const who = probe.who ?? 'ana';
      if (probe.path !== '/entrar' && !cookies.has(who)) cookies.set(who, await personaCookies(browser, base, persona(who)));
      const { context, page, jsBytes } = await newThrottledPage(browser, probe.path === '/entrar' ? [] : cookies.get(who)!);
      const started = Date.now();
      await page.goto(`${base}${probe.path}`, { waitUntil: 'commit' });
      await probe.interactive(page);
      const interactiveMs = Date.now() - started;
      const js = jsBytes();
      await probe.interact(page);
      // Event timings are delivered after the next frame; wait for it.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
      const perf = (await page.evaluate('window.__perf')) as { lcp: number; inp: number };
      out.push({ name: probe.name, jsBytes: js.bytes, jsFiles: js.files, interactiveMs, lcpMs: perf.lcp, inpMs: perf.inp });
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}
