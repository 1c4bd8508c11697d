import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from '../helpers/axe.js';
import { loginToHome, PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

/**
 * Accessibility (axe-core: WCAG 2.0 A/AA, 2.1 AA, 2.2 AA and best practices) of the screens the
 * review found failing, for both partners at 412 px and 1280 px. A failure names the screen, the
 * partner, the width and each rule with its elements.
 */
const stack = useStack();
const browser = useBrowser();
const WIDTHS = [412, 1280] as const;

async function settled(page: Page): Promise<void> {
  await page.getByTestId('screen-skeleton').waitFor({ state: 'detached' });
  await expect.poll(() => page.locator('[aria-busy="true"], [data-icon-pending]').count()).toBe(0);
}

/** axe at each width: no violation, else the list. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    expect(await axeViolations(page), `${what} at ${width} px`).toEqual([]);
  }
}

const PARTNERS = [
  { partner: 'aurora', origin: () => stack.baseUrl },
  { partner: 'horizonte', origin: () => `http://horizonte.localhost:${stack.port}` },
] as const;

describe('screens the review found failing pass axe', () => {
  beforeAll(async () => {
    await stack.sandbox.setClock('2026-11-20T13:00:00.000Z');
  });

  for (const { partner, origin } of PARTNERS) {
    test(`the assistant's conversation (/embraassist) at ${partner}: its log is not a list with a role it may not carry`, async () => {
      const context = await browser.newContext({ locale: 'pt-BR', reducedMotion: 'reduce' });
      const page = await context.newPage();
      page.setDefaultTimeout(PERSON_WAIT_MS);
      await page.goto(`${origin()}/embraassist`);
      await page.getByRole('log', { name: 'Conversa com o assistente' }).waitFor();
      await expectAccessible(page, `/embraassist (${partner})`);
      await context.close();
    });
  }

  // otavio is Aurora's customer: the timeline is checked in Aurora's theme.
  test("otavio's used-vehicle payment timeline (/faturamentoseminovo/acompanharpagamento): its done steps are readable", async () => {
    const context = await browser.newContext({ locale: 'pt-BR', reducedMotion: 'reduce' });
    const page = await context.newPage();
    await loginToHome(page, stack.baseUrl, persona('otavio'), 'Olá, Otávio');
    await page.goto(`${stack.baseUrl}/faturamentoseminovo/acompanharpagamento`);
    await page.getByRole('region', { name: 'Etapas do faturamento' }).waitFor();
    await expectAccessible(page, '/faturamentoseminovo/acompanharpagamento (aurora)');
    await context.close();
  });
});
