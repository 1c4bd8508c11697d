import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

/**
 * Every ticked-box label on the page, with where its text's lines start and where its box ends:
 * a label beside its box starts every line, the wrapped ones too, to the right of the box.
 */
function checkboxLabels(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('label input[type="checkbox"]')].map((box) => {
      const label = box.closest('label')!;
      const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      const lines: DOMRect[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        lines.push(...range.getClientRects());
      }
      const boxRight = box.getBoundingClientRect().right;
      return { text: label.textContent!.trim(), lines: lines.length, firstLineStart: Math.min(...lines.map((l) => l.left)), boxRight };
    }),
  );
}

async function openAs(key: string) {
  const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
  await loginInBrowser(page, stack.baseUrl, persona(key));
  await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
  await page.waitForURL('**/home');
  return page;
}

describe('a checkbox’s label sits beside its box, wrapped lines too (412 px)', () => {
  test('ana’s instalments on /boletos/listadeboletos', async () => {
    const page = await openAs('ana');
    await page.goto(`${stack.baseUrl}/boletos/listadeboletos`);
    await page.getByRole('checkbox').first().waitFor();
    const labels = await checkboxLabels(page);
    expect(labels.length).toBeGreaterThan(0);
    // The instalment labels are long enough to wrap at 412 px.
    expect(labels.some((l) => l.lines > 1)).toBe(true);
    for (const l of labels) expect(l.firstLineStart, l.text).toBeGreaterThanOrEqual(l.boxRight);
    await page.close();
  });

  test('eduardo’s declaration on the seller’s data', async () => {
    await stack.sandbox.reset();
    const approved = await fetch(`${stack.sandbox.url}/__sandbox/personas/eduardo/faturamento-seminovo`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ estadoProcesso: 'GARANTIA_APROVADA' }) });
    expect(approved.ok).toBe(true);
    const page = await openAs('eduardo');
    await page.goto(`${stack.baseUrl}/faturamentoseminovo/vendedor/pessoafisica/dadospessoais`);
    await page.getByLabel('Declaro que os dados do vendedor estão corretos', { exact: false }).waitFor();
    const [declaration] = (await checkboxLabels(page)).filter((l) => l.text.startsWith('Declaro'));
    expect(declaration!.lines).toBeGreaterThan(1);
    expect(declaration!.firstLineStart).toBeGreaterThanOrEqual(declaration!.boxRight);
    await page.close();
  });
});
