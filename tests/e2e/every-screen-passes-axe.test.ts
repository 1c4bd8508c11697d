import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { loadDefinitions } from '../../server/src/domain/definitions.js';
import { client } from '../helpers/api-client.js';
import { axeViolations } from '../helpers/axe.js';
import { loginInBrowser, PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { concrete, generateJourneys } from '../helpers/journeys.js';
import { allPersonas } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

/**
 * Every screen a customer of each partner can reach, checked with axe-core (WCAG 2.0 A/AA, 2.1
 * AA, 2.2 AA, best practices) at 412 px and 1280 px. The routes are the generated journeys (every
 * route of the route table and every target of the decision tables); public ones are opened before
 * login, the others as the first of the partner's personas whose state the server draws that
 * screen for (the API says which; flow screens need the persona in that flow). Mobile-only routes
 * are drawn for phones only and are left to their own journeys. A violation fails the test naming
 * the route, the width, the rule and its elements.
 */
const stack = useStack();
const browser = useBrowser();
const definitions = loadDefinitions();
const journeys = generateJourneys(definitions.routes, definitions.flows).filter((j) => !j.steps.some((s) => s.kind === 'use-phone'));
const WIDTHS = [412, 1280] as const;

const PARTNERS = [
  { partner: 'aurora', id: 1, host: undefined as string | undefined, origin: () => stack.baseUrl },
  { partner: 'horizonte', id: 68, host: 'horizonte.localhost', origin: () => `http://horizonte.localhost:${stack.port}` },
];

/** The screen has arrived and works: no skeleton, nothing busy, icons drawn. */
async function settled(page: Page): Promise<void> {
  await page.getByTestId('screen-skeleton').waitFor({ state: 'detached' });
  await expect.poll(() => page.locator('[aria-busy="true"], [data-icon-pending]').count()).toBe(0);
}

/** For each route the partner's personas can open, the first persona the server draws its screen for. */
async function whoSees(partnerId: number, host: string | undefined, paths: Array<{ path: string; screen: string }>): Promise<Map<string, string[]>> {
  const byPersona = new Map<string, string[]>();
  const left = new Map(paths.map((p) => [p.path, p.screen]));
  for (const someone of allPersonas().filter((p) => p.partner === partnerId)) {
    if (left.size === 0) break;
    const c = client(stack.baseUrl, host);
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

async function check(page: Page, path: string, found: string[]): Promise<void> {
  await settled(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const violation of await axeViolations(page)) found.push(`${path} at ${width} px: ${violation}`);
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
}

describe('every screen passes axe', () => {
  for (const { partner, id, host, origin } of PARTNERS) {
    test(`${partner}: every screen its customers reach, at 412 and 1280 px`, async () => {
      await stack.sandbox.reset();
      const found: string[] = [];
      const checked = new Set<string>();
      const open = async (page: Page, path: string) => {
        await page.goto(`${origin()}${concrete(path)}`);
        await check(page, path, found);
        checked.add(path);
      };

      const visitor = await browser.newContext({ locale: 'pt-BR', reducedMotion: 'reduce' });
      const page = await visitor.newPage();
      page.setDefaultTimeout(PERSON_WAIT_MS);
      for (const journey of journeys.filter((j) => j.steps.length === 1)) await open(page, journey.path);
      await visitor.close();

      const byPersona = await whoSees(id, host, journeys.filter((j) => j.steps.length > 1));
      for (const [key, paths] of byPersona) {
        const context = await browser.newContext({ locale: 'pt-BR', reducedMotion: 'reduce' });
        const customer = await context.newPage();
        await loginInBrowser(customer, origin(), allPersonas().find((p) => p.key === key)!);
        await customer.waitForURL((url) => !url.pathname.startsWith('/entrar'));
        // The quota list (or, for a customer the guard holds, the screen it holds them on).
        if (customer.url().endsWith('/groups-and-quotas')) {
          await customer.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
          await customer.waitForURL((url) => !url.pathname.endsWith('/groups-and-quotas'));
        }
        for (const path of paths) await open(customer, path);
        await context.close();
      }

      expect(found, `${partner}: axe violations`).toEqual([]);
      // Most of the product is reached: what no persona of this partner reaches is said in docs/accessibility.md.
      expect(checked.size, `${partner}: screens checked`).toBeGreaterThan(partner === 'aurora' ? 150 : 60);
    }, 600_000);
  }
});
