import { describe, expect, test } from 'vitest';
import { client } from '../helpers/api-client.js';
import { axeViolations } from '../helpers/axe.js';
import { loginStaffInBrowser, useBrowser } from '../helpers/browser.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack({ ANALYTICS_FLUSH_MS: '0' });
const browser = useBrowser();

/** Ana goes through the bid wizard five times, each time first refused for a value under the minimum. */
async function anaBidsFiveTimes() {
  const c = client(stack.baseUrl);
  await c.loginWithQuota('ana');
  const step = (passo: string, fields: Record<string, unknown> = {}) => c.action('bids/step', { passo, ...fields });
  for (let i = 0; i < 5; i++) {
    await c.screen('/offers-and-bids-introduction');
    await c.screen('/offers-and-bids?passo=type');
    await step('type', { modalidade: 'LL', tipoOferta: 'VL', valor: '4.249,99' });
    await step('type', { modalidade: 'LL', tipoOferta: 'VL', valor: '20.000,00' });
    await c.screen('/offers-and-bids?passo=builtin');
    await step('builtin');
    await c.screen('/offers-and-bids?passo=keys');
  }
}

describe('the analysis page in a real browser', () => {
  test('an analyst (read-only) reads the bid wizard’s funnel, its refusals and a platform filter, exports the CSV, with axe at 0', async () => {
    await anaBidsFiveTimes();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await loginStaffInBrowser(page, stack.baseUrl, 'consulta', 'consulta-sandbox');
    await page.getByRole('navigation', { name: 'Seções do console' }).getByRole('link', { name: 'Análise dos fluxos' }).click();
    await page.waitForURL('**/ops/analise');
    const funnel = page.getByRole('table', { name: 'Etapas de Lances' });
    await funnel.waitFor();
    await expect.poll(() => funnel.getByRole('row', { name: /Tipo de lance/ }).innerText()).toMatch(/Tipo de lance\s+5\s+5\s+0/);
    await expect.poll(() => funnel.getByRole('row', { name: /Troca de chaves/ }).innerText()).toMatch(/Troca de chaves\s+5\s+0\s+5/);
    // The bars say where the figures are for assistive technology; the table holds them.
    await page.getByText('Funil de Lances').waitFor();
    await page.getByText('Os números estão na tabela “Etapas de Lances”.').waitFor();
    await page.getByRole('table', { name: 'Recusas em “Tipo de lance”' }).getByRole('cell', { name: 'Este valor é menor que o lance mínimo' }).waitFor();
    expect(await axeViolations(page), 'axe at 1280 px').toEqual([]);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    expect((await download).suggestedFilename()).toBe('analise-lances.csv');

    await page.getByLabel('Plataforma').selectOption({ label: 'Android' });
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    await page.waitForURL(/plataforma=android/);
    await expect.poll(() => page.getByRole('table', { name: 'Etapas de Lances' }).getByRole('row', { name: /Tipo de lance/ }).innerText()).toMatch(/Tipo de lance\s+0\s+0\s+0/);

    await page.setViewportSize({ width: 412, height: 900 });
    await page.getByRole('radio', { name: 'Pós-venda' }).click();
    await page.getByRole('table', { name: 'Etapas de Pós-venda' }).waitFor();
    expect(await axeViolations(page), 'axe at 412 px').toEqual([]);
    await page.close();
  });
});
