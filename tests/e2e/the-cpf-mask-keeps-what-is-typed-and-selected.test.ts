import type { Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { useStack } from '../helpers/stack.js';
import { DIGITS, SHOWN } from '../helpers/typing-moments.js';

/**
 * The CPF field of the server-drawn login and its mask: what is typed the moment React owns the
 * field, and what was selected before the page worked (the typing tries are in
 * typing-while-the-login-becomes-interactive-loses-nothing-part-*.test.ts).
 */
const stack = useStack();
const browser = useBrowser();

describe('the CPF field and its mask', () => {
  test('the mask has the field as soon as React owns it: nothing typed then reaches a plain input', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(PERSON_WAIT_MS);
    // Inside a native wrapper the page is drawn by the renderer from scratch (no server markup).
    await page.route('**/entrar', (route) => route.continue({ headers: { ...route.request().headers(), 'x-client-platform': 'android' } }));
    await page.goto(`${stack.baseUrl}/entrar`);
    const field = page.getByLabel('CPF ou CNPJ').first();
    // The first moment the field exists, typing is already masked.
    await field.waitFor();
    await field.evaluate((input: HTMLInputElement, digits: string) => {
      input.focus();
      document.execCommand('insertText', false, digits);
    }, DIGITS);
    expect(await field.inputValue()).toBe(SHOWN);
    await page.close();
  });

  test('what the customer selected before the page worked is replaced by what they paste after: the mask keeps the selection', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(PERSON_WAIT_MS);
    const held: Route[] = [];
    let through = false;
    await page.route('**/assets/*.js', (route) => (through ? route.continue() : void held.push(route)));
    await page.goto(`${stack.baseUrl}/entrar`, { waitUntil: 'commit' });
    const field = page.getByLabel('CPF ou CNPJ').first();
    await field.pressSequentially(DIGITS.slice(0, 5));
    // Selected to paste over it; then the page starts working, the mask formats what was typed.
    await field.evaluate((input: HTMLInputElement) => input.select());
    through = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
    await expect.poll(() => page.locator('#root').getAttribute('aria-busy')).toBeNull();
    await expect.poll(() => field.inputValue()).toBe('661.15');
    expect(await field.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, 6]);
    await page.keyboard.insertText(DIGITS);
    await expect.poll(() => field.inputValue()).toBe(SHOWN);
    await page.close();
  });
});
