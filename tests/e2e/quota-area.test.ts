import { describe, expect, test } from 'vitest';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('the quota area in a real browser', () => {
  test('ana goes from her quotas to home, finance, assemblies, then from the home’s Documentos to the documents hub, where she downloads a group statement as a real PDF', async () => {
    const page = await browser.newPage();
    await loginInBrowser(page, stack.baseUrl, persona('ana'));
    await page.getByText('Grupo 001234 · Cota 0567').waitFor();
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');

    await page.getByRole('navigation', { name: 'Sua cota' }).getByRole('link', { name: 'Financeiro', exact: true }).click();
    await page.waitForURL('**/financeiro');
    await page.getByText('R$ 85.000,00').waitFor();
    await page.getByRole('button', { name: 'Extrato do consorciado' }).click();
    await page.getByRole('cell', { name: 'Pagamento da parcela 12' }).waitFor();

    await page.goto(`${stack.baseUrl}/home`);
    await page.getByRole('navigation', { name: 'Sua cota' }).getByRole('link', { name: 'Assembleias', exact: true }).click();
    await page.waitForURL('**/assembleias');
    await page.getByText(/14ª assembleia, em \d{2}\/\d{2}\/\d{4}/).waitFor();
    await page.getByText('Faltam 10 dias.').waitFor();
    await page.getByRole('button', { name: 'Ver números sorteados' }).click();
    await page.waitForURL('**/assembleias/numerossorteados?numero=13');
    // The screen arrives after the URL changes: wait for the numbers, not only the address.
    await page.getByText('5º prêmio').waitFor();
    await expect.poll(() => page.locator('text=/^\\d{5}$/').count()).toBe(5);

    await page.goto(`${stack.baseUrl}/home`);
    await page.getByRole('navigation', { name: 'Sua cota' }).getByRole('link', { name: 'Documentos', exact: true }).click();
    // One hub for every document: each line its period and size, one download named for both.
    await page.waitForURL('**/perfil/documentos');
    await page.getByRole('heading', { name: 'Documentos', level: 1 }).waitFor();
    const statements = page.getByRole('list', { name: 'Demonstrativo do grupo' });
    await expect.poll(() => statements.getByRole('listitem').count()).toBe(7);
    await statements.getByText(/^PDF, \d+ KB$/).first().waitFor();
    const statement = statements.getByRole('button', { name: /^Baixar demonstrativo de [a-zç]+ de \d{4}$/ }).nth(1);
    const [download] = await Promise.all([page.waitForEvent('download'), statement.click()]);
    expect(download.suggestedFilename()).toMatch(/^demonstrativo.*\.pdf$/);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
    await page.close();
  });
});
