import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { axeViolations } from '../helpers/axe.js';
import { loginStaffInBrowser, useBrowser } from '../helpers/browser.js';
import { consoleOrigin } from '../helpers/console-host.js';
import { PARTNERS as REVIEWED_PARTNERS, REVIEW_CONTEXT, settled as settledForReview } from '../helpers/every-screen.js';
import { persona } from '../helpers/personas.js';
import { compareScreenshot, SCREENSHOT_TOLERANCE } from '../helpers/screenshots.js';
import { useStack } from '../helpers/stack.js';

/**
 * Visual regression: login, a form with errors, home, slips and a timeline, at 412 px and
 * 1280 px, for Aurora (localhost, ana) and Horizonte (horizonte.localhost, marcos), compared with
 * the committed baselines in __screenshots__. Refresh them with
 * `UPDATE_SCREENSHOTS=1 npx vitest run tests/e2e/screens-look-as-reviewed.test.ts` and review the PNGs.
 */
const stack = useStack();
const browser = useBrowser();
const VIEWPORTS = [
  { name: '412', width: 412, height: 915 },
  { name: '1280', width: 1280, height: 800 },
] as const;
const dir = fileURLToPath(new URL('./__screenshots__/', import.meta.url));

beforeAll(async () => {
  // A fixed back-office clock: due dates, timestamps and "today" are the same on every run.
  await stack.sandbox.setClock('2026-11-20T13:00:00.000Z');
});

/** The screen as a person sees it once it has arrived: skeleton gone, fonts loaded, pointer away. */
async function settled(page: Page): Promise<void> {
  await page.getByTestId('screen-skeleton').waitFor({ state: 'detached' });
  await page.locator('.loading').waitFor({ state: 'detached' });
  await expect.poll(() => page.locator('[aria-busy="true"], [data-icon-pending]').count()).toBe(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.mouse.move(0, 0);
}

async function shoot(page: Page, partner: string, screen: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await settled(page);
    const result = await compareScreenshot(page, `${dir}${partner}-${screen}-${viewport.name}.png`);
    expect.soft(result.ratio, `${result.name} differs in ${result.diffPixels} pixels (see ${result.diffPath ?? '-'})`).toBeLessThanOrEqual(SCREENSHOT_TOLERANCE.maxDiffRatio);
  }
}

const PARTNERS = [
  { partner: 'aurora', host: () => stack.baseUrl, who: 'ana' },
  { partner: 'horizonte', host: () => `http://horizonte.localhost:${stack.port}`, who: 'marcos' },
] as const;

describe('screens look as reviewed', () => {
  for (const { partner, host, who } of PARTNERS) {
    test(`${who} sees ${partner}'s login, form errors, home, slips and timeline as in the baselines`, async () => {
      const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 1, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce' });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const base = host();

      await page.goto(`${base}/login`);
      await page.getByRole('button', { name: 'Entrar com CPF ou CNPJ' }).waitFor();
      await shoot(page, partner, 'login');

      await page.goto(`${base}/entrar`);
      await page.getByRole('button', { name: 'Entrar' }).first().click();
      await page.locator('.error-detail').first().waitFor();
      await shoot(page, partner, 'form-errors');

      await page.getByLabel('CPF ou CNPJ').first().fill(persona(who).document);
      await page.getByLabel('Senha de 6 dígitos').first().fill(persona(who).password);
      await page.getByRole('button', { name: 'Entrar' }).first().click();
      await page.waitForURL('**/groups-and-quotas');
      const selected = page.waitForRequest((r) => r.url().endsWith('/api/actions/quotas/select'));
      await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
      const idCota = (JSON.parse((await selected).postData() ?? '{}') as { idCota: number }).idCota;
      await page.waitForURL('**/home');
      await page.getByText(/^Olá, /).waitFor();
      await page.getByRole('heading', { name: 'Próximo boleto' }).waitFor();
      await shoot(page, partner, 'home');

      await page.goto(`${base}/boletos`);
      await page.getByRole('radiogroup', { name: 'Filtrar parcelas' }).waitFor();
      await shoot(page, partner, 'slips');

      await stack.sandbox.setCashBilling(idCota, 'PAGAMENTO_ESTORNADO');
      await page.goto(`${base}/faturamentoespecie/acompanharpagamento`);
      await page.getByText('Pagamento estornado pelo banco').waitFor();
      await shoot(page, partner, 'timeline');
      await context.close();
    });
  }

  test('the component gallery: every repeated component in every state, in each partner\'s theme, passes axe and looks as reviewed at 412 px', async () => {
    const context = await browser.newContext(REVIEW_CONTEXT);
    const page = await context.newPage();
    await loginStaffInBrowser(page, stack.baseUrl);
    await page.goto(`${consoleOrigin(stack.baseUrl)}/ops/galeria`);
    await page.getByRole('heading', { name: 'Galeria de componentes' }).waitFor();
    await settledForReview(page);
    expect(await axeViolations(page), 'the gallery: axe violations').toEqual([]);
    for (const partner of Object.values(REVIEWED_PARTNERS)) {
      const theme = page.getByRole('region', { name: partner.name, exact: true });
      // The states each repeated component is drawn in.
      for (const words of ['Concluído', 'Em andamento', 'Pendente', 'Não concluído', 'Nenhuma parcela aqui', 'Nenhum documento enviado ainda.', 'Recusado', 'Aguardando envio', 'CEP inválido.', 'Sugestões de perguntas', 'Documento ilegível: envie uma cópia nítida, em PDF.']) {
        await theme.getByText(words, { exact: true }).first().waitFor();
      }
      // The upload list: each chosen file with its name and a way to remove it.
      await expect.poll(() => theme.locator('ul.file-info li', { has: page.getByRole('button', { name: 'Remover' }) }).count()).toBe(3);
      await theme.locator('ul.file-info li', { hasText: 'contrato.pdf' }).waitFor();
      const result = await compareScreenshot(page, `${dir}gallery-${partner.partner}-412.png`, { element: theme });
      expect.soft(result.ratio, `${result.name} differs in ${result.diffPixels} pixels (see ${result.diffPath ?? '-'})`).toBeLessThanOrEqual(SCREENSHOT_TOLERANCE.maxDiffRatio);
    }
    await context.close();
  });
});
