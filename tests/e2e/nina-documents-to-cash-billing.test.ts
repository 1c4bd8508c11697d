import { describe, expect, test } from 'vitest';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';
import { jpeg as jpegFile } from '../helpers/images.js';

const stack = useStack();
const browser = useBrowser();

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 32)]);
const jpeg = jpegFile(4100);

/** Logs nina in, picks her quota, sets the modal of the day aside and taps the contemplation card. */
async function fromHome(card: string, label: string) {
  const page = await browser.newPage();
  await loginInBrowser(page, stack.baseUrl, persona('nina'));
  await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
  await page.waitForURL('**/home');
  await page.getByText('Parabéns, sua cota foi contemplada!').waitFor();
  await page.getByRole('button', { name: 'Agora não' }).click();
  await page.locator('section.card', { hasText: card }).getByRole('button', { name: label }).click();
  return page;
}

describe('awarded flow in a real browser: nina (self-employed, client pending)', () => {
  test('nina sends the self-employed documents, confirms them, is approved on the sandbox clock, sees the sieve and goes on to cash billing', async () => {
    const page = await fromHome('Envie seus documentos', 'Enviar documentos');
    await page.waitForURL('**/contemplado/documentos');
    await page.getByLabel('Documento de identidade que você vai enviar').selectOption('CNH');
    await page.getByRole('button', { name: 'Ver documentos' }).click();
    await page.getByRole('cell', { name: 'Extrato bancário dos últimos 180 dias' }).waitFor();
    await page.getByRole('cell', { name: 'Declaração de imposto de renda' }).waitFor();
    const inputs = page.locator('input[type=file]');
    await expect.poll(() => inputs.count()).toBe(4);
    await inputs.nth(0).setInputFiles({ name: 'cnh.pdf', mimeType: 'application/pdf', buffer: pdf });
    await inputs.nth(1).setInputFiles({ name: 'conta-de-luz.pdf', mimeType: 'application/pdf', buffer: pdf });
    await inputs.nth(2).setInputFiles({ name: 'extrato.pdf', mimeType: 'application/pdf', buffer: pdf });
    await inputs.nth(3).setInputFiles({ name: 'irpf.pdf', mimeType: 'application/pdf', buffer: pdf });
    const { today } = (await (await fetch(`${stack.sandbox.url}/__sandbox/clock`)).json()) as { today: string };
    await page.getByLabel('Data de emissão do comprovante de residência').fill(today);
    await page.getByLabel('O comprovante de residência está no nome do titular da cota').check();
    await page.getByRole('button', { name: 'Enviar documentos' }).click();
    // The selfie opens only now that the personal document went.
    await page.getByText('Selfie segurando o documento (até 1)').waitFor();
    await expect.poll(() => inputs.count()).toBe(1);
    await inputs.nth(0).setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByRole('button', { name: 'Enviar documentos' }).click();
    await page.waitForURL('**/contemplado/confirmacao-documentos');
    await page.getByText('Confirme seus documentos').first().waitFor();
    await page.getByRole('button', { name: 'Enviar para análise' }).click();
    await page.getByText('Documentos em análise').first().waitFor();
    await page.close();

    // Two days later on the back office's clock the registration is approved.
    await stack.sandbox.advanceClock(48 * 3600);
    const later = await fromHome('Cadastro aprovado', 'Continuar');
    await later.waitForURL('**/contemplado/crivo');
    await later.getByText('Cadastro aprovado!').first().waitFor();
    await later.getByRole('button', { name: 'Entendi' }).click();
    await later.getByText('APROVADO').first().waitFor();
    await later.getByRole('button', { name: 'Continuar' }).click();
    await later.waitForURL('**/contemplado/deseja-faturar');
    await later.getByRole('button', { name: 'Receber o crédito em espécie' }).click();
    await later.waitForURL('**/faturamento/iniciar');
    await later.getByLabel('Quero receber o crédito em espécie', { exact: false }).waitFor();
    await later.close();
  });
});
