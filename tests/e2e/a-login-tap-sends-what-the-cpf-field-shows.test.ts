import { describe, expect, test } from 'vitest';
import { PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

/**
 * What a login tap sends is what the CPF field shows. (The mask takes the field as it mounts;
 * typing at every moment of a page becoming interactive is tests/helpers/typing-moments.ts.)
 */
const stack = useStack();
const browser = useBrowser();
const ana = persona('ana');
const DIGITS = ana.document.replace(/\D/g, '');
const SHOWN = '661.157.509-03';

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
