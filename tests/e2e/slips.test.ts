import { describe, expect, test } from 'vitest';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

async function openAs(key: string) {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await loginInBrowser(page, stack.baseUrl, persona(key));
  await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
  await page.waitForURL('**/home');
  return { page, context };
}

describe('slips in a real browser', () => {
  test('ana generates a slip, sees its barcode, copies its typeable line and downloads the PDF', async () => {
    const { page, context } = await openAs('ana');
    await page.getByRole('navigation', { name: 'Sua cota' }).getByRole('link', { name: 'Boletos', exact: true }).click();
    await page.waitForURL('**/boletos');
    await page.getByRole('button', { name: 'Gerar boleto' }).first().click();
    await page.waitForURL('**/boletos/boletogerado?boleto=*');
    const line = (await page.locator('.value', { hasText: 'Linha digitável' }).locator('.value-text').innerText()).match(/\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}/)![0];
    await expect.poll(() => page.getByRole('img', { name: 'Código de barras do boleto' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.getByRole('button', { name: 'Copiar linha digitável' }).click();
    await page.getByText('Linha digitável copiada.').waitFor();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(line.replace(/\D/g, ''));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^boleto-\d+\.pdf$/);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

    await page.getByLabel('Nome').first().fill('Ana Beatriz Lima');
    await page.getByLabel('E-mail').first().fill('ana.lima@example.com.br');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByLabel('Nome').nth(1).fill('Contabilidade');
    await page.getByLabel('E-mail').nth(1).fill('contador@example.com.br');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('Boleto enviado por e-mail.').waitFor();
    expect((await stack.sandbox.outbox()).map((m) => m.to)).toEqual(expect.arrayContaining(['ana.lima@example.com.br', 'contador@example.com.br']));
    await context.close();
  });

  test('carla unifies the on-time instalments of her two quotas, is refused when adding a late one, then renegotiates the two late ones', async () => {
    const { page, context } = await openAs('carla');
    await page.goto(`${stack.baseUrl}/boletos`);
    await page.getByRole('button', { name: 'Unificar parcelas de outras cotas' }).click();
    await page.getByRole('button', { name: 'Escolher parcelas' }).click();
    await page.waitForURL('**/boletos/unificarparcelas/selecionarcotas');
    const boxes = page.getByRole('checkbox');
    await boxes.first().waitFor();
    await expect.poll(() => boxes.count()).toBe(4);
    const labels = await page.locator('label').filter({ has: page.getByRole('checkbox') }).allInnerTexts();
    expect(labels.filter((l) => l.includes('(vencida)'))).toHaveLength(2);
    for (let i = 0; i < labels.length; i++) await boxes.nth(i).check();
    await page.getByRole('button', { name: 'Gerar boleto das parcelas marcadas' }).click();
    await page.getByText('Gere um boleto para as vencidas e outro para as que estão em dia.', { exact: false }).waitFor();
    expect(page.url()).toContain('/boletos/unificarparcelas/selecionarcotas');
    for (const [i, label] of labels.entries()) if (label.includes('(vencida)')) await boxes.nth(i).setChecked(false);
    await page.getByRole('button', { name: 'Gerar boleto das parcelas marcadas' }).click();
    await page.waitForURL('**/boletos/boletogerado?boleto=*');
    await page.getByText('Parcela 10, Parcela 10').waitFor();

    await page.goto(`${stack.baseUrl}/boletos/renegociar/introducao`);
    await page.getByText('a renegociação é desfeita e a cota pode ser cancelada', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Ver parcelas em atraso' }).click();
    await page.waitForURL('**/boletos/renegociar/parcelasdisponiveis');
    const late = page.getByRole('checkbox');
    await late.first().waitFor();
    await expect.poll(() => late.count()).toBe(2);
    await late.nth(0).check();
    await late.nth(1).check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/boletos/renegociar/resumo');
    await page.getByText('Valor renegociado').waitFor();
    await page.getByRole('button', { name: 'Confirmar renegociação' }).click();
    await page.waitForURL('**/boletos/renegociar/sucesso?protocolo=*');
    await page.getByText('Pronto! Suas parcelas foram renegociadas.').waitFor();
    await context.close();
  });
});
