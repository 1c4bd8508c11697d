import { describe, expect, test } from 'vitest';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

/** A real (if empty) PDF of about `bytes` bytes. */
const bigPdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(bytes, 32)]);

describe('an upload shows its progress', () => {
  test('delta resends two 1.5 MB documents and sees the upload reach 100% while the back office takes its time', async () => {
    const page = await browser.newPage();
    // The upload form is the light form's: no form library is downloaded.
    const formLibrary: string[] = [];
    page.on('request', (r) => /json-form/.test(r.url()) && formLibrary.push(r.url()));
    await loginInBrowser(page, stack.baseUrl, persona('delta'));
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    await page.goto(`${stack.baseUrl}/faturamentoespecie/anexar-documentos`);
    const inputs = page.locator('input[type=file]');
    await expect.poll(() => inputs.count()).toBe(2);
    await inputs.nth(0).setInputFiles({ name: 'contrato.pdf', mimeType: 'application/pdf', buffer: bigPdf(1_500_000) });
    await inputs.nth(1).setInputFiles({ name: 'endereco.pdf', mimeType: 'application/pdf', buffer: bigPdf(1_500_000) });
    await page.locator('ul.file-info li', { hasText: 'endereco.pdf' }).waitFor();
    // Each chosen file is listed with its size, and its button says which file it removes.
    await page.locator('ul.file-info li', { hasText: 'contrato.pdf · 1,4 MB' }).getByRole('button', { name: 'Remover contrato.pdf' }).waitFor();
    // The body is on its way up long before the back office answers: the bar stays at 100% meanwhile.
    await stack.sandbox.fault({ method: 'POST', path: 'arquivos/v2', delayMs: 1500, times: 2 });
    await page.getByRole('button', { name: 'Enviar para análise' }).click();
    const bar = page.getByRole('progressbar', { name: 'Enviando...' });
    await bar.waitFor();
    await page.getByText(/Enviando\.\.\. 100%/).waitFor();
    await expect.poll(() => bar.getAttribute('value')).toBe('100');
    await page.waitForURL('**/faturamentoespecie/analisandoinformacoes-pj');
    await page.getByText('Analisando os documentos da empresa').waitFor();
    // Both documents reached the back office, each through the slowed file upload.
    expect((await stack.sandbox.calls()).filter((call) => call.method === 'POST' && call.path === 'arquivos/v2')).toHaveLength(2);
    expect(formLibrary).toEqual([]);
    await page.close();
  });
});
