import type { ElementHandle, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();
const ana = persona('ana');
const DIGITS = ana.document.replace(/\D/g, '');
const SHOWN = '661.157.509-03';

/**
 * Opens /entrar with the masking library's chunk held back (a slow phone): the CPF field stays a
 * plain input until `release`. The chunk, once released, calls `window.__maskArrived` as it runs.
 */
async function entrarWithTheMaskHeld(page: Page) {
  page.setDefaultTimeout(PERSON_WAIT_MS);
  const sent: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/actions/auth/login') && sent.push(String(JSON.parse(r.postData() ?? '{}').documento)));
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/imask-*.js', async (route) => {
    await held;
    const response = await route.fetch();
    await route.fulfill({ response, body: `${await response.text()}\n;globalThis.__maskArrived?.();` });
  });
  await page.goto(`${stack.baseUrl}/entrar`);
  return { sent, release, field: page.getByLabel('CPF ou CNPJ').first(), entrar: page.getByRole('button', { name: 'Entrar', exact: true }).first() };
}

describe('a login tap while the CPF mask is still loading', () => {
  // The last digit typed `ticks` tasks after the mask's code arrived, then the tap in the first task
  // in which the field shows the whole CPF formatted: every moment of the plain-to-mask handover.
  test.each([0, 1, 2, 3, 4])('the last digit %i task(s) after the mask arrives, then a tap as soon as it shows formatted: ana gets in', async (ticks) => {
    const page = await browser.newPage();
    const { sent, release, field, entrar } = await entrarWithTheMaskHeld(page);
    // The page does not say it works while a mask is on its way: a person types anyway.
    await page.getByLabel('Senha de 6 dígitos').first().fill(ana.password, { force: true });
    await field.click({ force: true });
    await field.pressSequentially(DIGITS.slice(0, -1));
    await page.evaluate(
      ([input, button, ticks, last, shown]) => {
        const w = window as unknown as { __maskArrived?: () => void };
        w.__maskArrived = () => {
          const channel = new MessageChannel();
          let tick = 0;
          channel.port1.onmessage = () => {
            if (tick === ticks) {
              input.focus();
              document.execCommand('insertText', false, last);
            }
            if (tick > ticks && input.value === shown) return button.click();
            if (++tick < 200) channel.port2.postMessage(null);
          };
          channel.port2.postMessage(null);
        };
      },
      [(await field.elementHandle()) as ElementHandle<HTMLInputElement>, (await entrar.elementHandle()) as ElementHandle<HTMLButtonElement>, ticks, DIGITS.slice(-1), SHOWN] as const,
    );
    release();
    // Whichever comes first: ana's quotas, or the refusal a customer saw with a valid CPF on screen.
    const refused = page.getByText('Informe um CPF ou CNPJ válido.');
    await page.getByText('Grupo 001234 · Cota 0567').or(refused).first().waitFor();
    expect(sent).toEqual([DIGITS]);
    expect(await refused.count()).toBe(0);
    await page.close();
  });

  test('typing in the middle of the plain field goes on where the caret is once the mask takes it', async () => {
    const page = await browser.newPage();
    const { sent, release, field, entrar } = await entrarWithTheMaskHeld(page);
    await field.click({ force: true });
    // 661157 then 0903, and the caret back after 661157, where the 5 is missing.
    await field.pressSequentially('6611570903');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
    release();
    await expect.poll(() => field.inputValue()).toBe('661.157.090-3');
    await page.keyboard.type('5');
    await expect.poll(() => field.inputValue()).toBe(SHOWN);
    await page.getByLabel('Senha de 6 dígitos').first().fill(ana.password);
    await entrar.click();
    await page.waitForURL('**/groups-and-quotas');
    expect(sent).toEqual([DIGITS]);
    await page.close();
  });
});

describe('what a login tap sends', () => {
  test('the document the field shows, even when it changed without a keystroke the form heard (an autofill that fires no event)', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(PERSON_WAIT_MS);
    await page.goto(`${stack.baseUrl}/entrar`);
    const field = page.getByLabel('CPF ou CNPJ').first();
    await field.fill('52998224725');
    await expect.poll(() => field.inputValue()).toBe('529.982.247-25');
    await page.getByLabel('Senha de 6 dígitos').first().fill(ana.password);
    await field.evaluate((input: HTMLInputElement, shown: string) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, shown);
    }, SHOWN);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/actions/auth/login'));
    await page.getByRole('button', { name: 'Entrar', exact: true }).first().click();
    expect(JSON.parse((await sent).postData() ?? '{}')).toMatchObject({ documento: DIGITS });
    await page.waitForURL('**/groups-and-quotas');
    await page.close();
  });
});
