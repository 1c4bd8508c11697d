import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, test } from 'vitest';
import { readBrCode } from '../../back-office/pix.js';
import { loginInBrowser, PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

/**
 * What Chromium prints of the page (print media, A4, the page's own @page rules), read with PDF.js:
 * the number of pages, their text, and the first page drawn at 144 dpi (PDF.js draws on
 * @napi-rs/canvas in Node).
 */
async function printed(page: Page) {
  const loading = getDocument({ data: new Uint8Array(await page.pdf({ format: 'A4', preferCSSPageSize: true })) });
  const pdf = await loading.promise;
  try {
    const texts: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      // Items follow one another on a line (a ligature such as "fi" is an item of its own); a line ends with hasEOL.
      texts.push(content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? ' ' : ''}` : '')).join(''));
    }
    const first = await pdf.getPage(1);
    const viewport = first.getViewport({ scale: 2 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await first.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
    const drawn = PNG.sync.read(await canvas.encode('png'));
    return { pages: pdf.numPages, text: texts.join(' ').replace(/\s+/g, ' '), drawn };
  } finally {
    await loading.destroy();
  }
}

/** The drawn page read by a QR decoder, as a phone's camera reads the paper. */
const readQr = (drawn: PNG) => jsQR(new Uint8ClampedArray(drawn.data), drawn.width, drawn.height)?.data;

/**
 * The most dark-to-light changes along one line of the drawn page: a slip's barcode (44 digits as
 * interleaved 2 of 5: over 200 bars) changes far more often than text or a QR code's modules do.
 */
function mostBarsOnOneLine(drawn: PNG): number {
  let most = 0;
  for (let y = 0; y < drawn.height; y++) {
    let changes = 0;
    let dark = false;
    for (let x = 0; x < drawn.width; x++) {
      const i = (y * drawn.width + x) * 4;
      const now = drawn.data[i]! + drawn.data[i + 1]! + drawn.data[i + 2]! < 384;
      if (now !== dark) changes++;
      dark = now;
    }
    most = Math.max(most, changes);
  }
  return most;
}

/** What a person reads on the screen beside a label (value components). */
const valueOf = (page: Page, label: string) => page.locator('.value', { has: page.getByText(label, { exact: true }) }).locator('.value-text').innerText();

/** The app's controls and chrome: none of them belongs on paper. */
const CHROME = ['Início', 'Sair', 'Pular para o conteúdo', 'Copiar código Pix', 'Copiar linha digitável', 'Baixar PDF', 'Enviar', 'Voltar para os boletos', 'Acompanhar esta cota'];

describe('printing', () => {
  test('ana prints her generated slip on one A4 page: partner, payer, amount, due date, typeable line, barcode and Pix QR code, and nothing of the app', async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
    const page = await context.newPage();
    page.setDefaultTimeout(PERSON_WAIT_MS);
    await loginInBrowser(page, stack.baseUrl, persona('ana'));
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    await page.goto(`${stack.baseUrl}/boletos`);
    await page.getByRole('button', { name: 'Gerar boleto' }).first().click();
    await page.waitForURL('**/boletos/boletogerado?boleto=*');
    await page.getByRole('heading', { name: 'Pague com Pix' }).waitFor();
    for (const name of ['QR Code do Pix deste boleto', 'Código de barras do boleto']) {
      await expect.poll(() => page.getByRole('img', { name }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    const shown = { beneficiary: await valueOf(page, 'Beneficiário'), payer: await valueOf(page, 'Pagador'), amount: await valueOf(page, 'Valor'), due: await valueOf(page, 'Vencimento'), line: await valueOf(page, 'Linha digitável') };
    expect(shown.beneficiary).toBe('Consórcio Aurora');
    expect(shown.payer).toMatch(/^Ana /);

    const paper = await printed(page);
    expect(paper.pages).toBe(1);
    for (const text of Object.values(shown)) expect(paper.text).toContain(text.replace(/\s+/g, ' '));
    for (const label of ['Beneficiário', 'Pagador', 'Valor', 'Vencimento', 'Linha digitável', 'Pague com Pix']) expect(paper.text).toContain(label);
    for (const control of CHROME) expect(paper.text, control).not.toContain(control);
    // On paper, the Pix QR code reads as a valid BR Code, and the barcode's bars are drawn.
    expect(readBrCode(readQr(paper.drawn) ?? '')).not.toBeNull();
    expect(mostBarsOnOneLine(paper.drawn)).toBeGreaterThan(200);
    await context.close();
  });

  test('ana prints a list of her documents: the documents, without buttons, header or navigation', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(PERSON_WAIT_MS);
    await loginInBrowser(page, stack.baseUrl, persona('ana'));
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    await page.goto(`${stack.baseUrl}/perfil/documentos/informe-ir`);
    const title = await page.getByRole('heading', { level: 1 }).innerText();
    const files = page.getByRole('list').first().getByRole('heading', { level: 2 });
    await files.first().waitFor();
    const names = await files.allInnerTexts();
    expect(names.length).toBeGreaterThan(0);

    const paper = await printed(page);
    expect(paper.pages).toBe(1);
    expect(paper.text).toContain(title);
    for (const name of names) expect(paper.text).toContain(name);
    for (const control of [...CHROME, 'Baixar', 'Compartilhar']) expect(paper.text, control).not.toContain(control);
    await context.close();
  });
});
