import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { consoleOrigin } from './console-host.js';
import { staffAccount, staffCode } from './staff-sign-in.js';

/**
 * How long a step waits for what a person waits for (a screen, a text, a URL). Generous on purpose:
 * CI runs two test files at once on two cores, each with a browser, a server and a sandbox, and a
 * loaded machine can take several seconds to answer a login; with two CPU hogs beside the suite a
 * throttled phone can take tens of seconds to type eleven digits. A step that is broken fails anyway.
 */
export const PERSON_WAIT_MS = 30_000;

/** Debian's Chromium, headless, with background networking off (the machine has no internet). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP localhost 127.0.0.1, MAP *.localhost 127.0.0.1',
    ],
  });
}

/**
 * One Chromium per test worker: a worker runs many files in turn (modules are kept between files,
 * vitest.config.ts), and starting Chromium for each of them would spend its start-up CPU on every
 * file. Each file gets
 * fresh contexts (nothing of one context — cookies, storage, cache — is seen by another) and leaves
 * none open; the browser goes with the worker (Playwright closes what it launched when its process
 * exits). A browser that crashed or was closed is started again.
 */
let shared: Promise<Browser> | undefined;

async function workerBrowser(): Promise<Browser> {
  const browser = shared ? await shared.catch(() => undefined) : undefined;
  if (browser?.isConnected()) return browser;
  shared = launchBrowser();
  return shared;
}

/** Chromium for the test file (the worker's); the contexts and pages the file opened are closed after its tests. */
export function useBrowser(): Browser {
  let current: Browser | undefined;
  beforeAll(async () => {
    current = await workerBrowser();
  });
  afterAll(async () => {
    await Promise.all(current?.contexts().map((context) => context.close()) ?? []);
  });
  return new Proxy({} as Browser, {
    get(_target, key) {
      if (!current) throw new Error('the browser starts in beforeAll; use it inside tests');
      const value = current[key as keyof Browser];
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

/** Every /api/screens request the page makes from now on, by the path it asks for (filled as they go). */
export function screenRequests(page: import('playwright-core').Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/screens') asked.push(url.searchParams.get('path') ?? '');
  });
  return asked;
}

/** Logs a persona in through /entrar with CPF/CNPJ and password, as a customer would type them. */
export async function loginInBrowser(page: import('playwright-core').Page, baseUrl: string, persona: { document: string; password: string }): Promise<void> {
  page.setDefaultTimeout(PERSON_WAIT_MS);
  await page.goto(`${baseUrl}/entrar`);
  // Typed as digits; the customer sees them formatted (the mask has loaded and taken the value)
  // before tapping Entrar. Not needed since a tap during the plain-to-mask handover sends what the
  // field shows (docs/renderer-components.md); kept because a person waits too.
  const document = page.getByLabel('CPF ou CNPJ').first();
  await document.fill(persona.document.replace(/\W/g, ''));
  await expect.poll(() => document.inputValue()).toMatch(/[./-]/);
  await page.getByLabel('Senha de 6 dígitos').first().fill(persona.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).first().click();
}

/** Logs a persona in, follows her first quota and waits for her home ("Olá, <first name>"). */
export async function loginToHome(page: import('playwright-core').Page, baseUrl: string, persona: { document: string; password: string }, greeting: string): Promise<void> {
  await loginInBrowser(page, baseUrl, persona);
  await page.waitForURL('**/groups-and-quotas');
  await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
  await page.waitForURL('**/home');
  await page.getByText(greeting).waitFor();
}

/**
 * Signs a sandbox staff member in to the operations console on its own host (ops.localhost at the
 * server's port) as staff do: the console's sign-in page, then the identity provider's (the
 * sandbox's: user and password, then the code their authenticator shows now), and back to the
 * console, whose heading it waits for.
 */
export async function loginStaffInBrowser(page: import('playwright-core').Page, baseUrl: string, user = 'operacao', password = staffAccount(user).password): Promise<void> {
  page.setDefaultTimeout(PERSON_WAIT_MS);
  await page.goto(`${consoleOrigin(baseUrl)}/ops`);
  await page.waitForURL('**/ops/entrar');
  await page.getByRole('button', { name: 'Entrar com a conta da equipe' }).click();
  await page.getByRole('heading', { name: 'Entrar na conta da equipe' }).waitFor();
  await page.getByLabel('Usuário').fill(user);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const code = page.getByLabel('Código do autenticador');
  await code.waitFor();
  await code.fill(staffCode(user));
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(`${consoleOrigin(baseUrl)}/ops`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}
