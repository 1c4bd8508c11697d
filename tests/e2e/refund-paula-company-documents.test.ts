import { describe, test } from 'vitest';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';
import { png as pngFile } from '../helpers/images.js';

const stack = useStack();
const browser = useBrowser();

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 32)]);
const png = pngFile(4104);

describe('refund of a company in a real browser', () => {
  test('paula, at Horizonte, refunds a quota of a closed group with the company’s and its representative partner’s documents', async () => {
    const page = await browser.newPage();
    await loginInBrowser(page, `http://horizonte.localhost:${stack.port}`, persona('paula'));
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    await page.getByRole('img', { name: 'Horizonte Consórcios' }).first().waitFor();
    await page.locator('section.card', { hasText: 'Devolução de valores' }).getByRole('button', { name: 'Iniciar' }).click();
    await page.waitForURL('**/devolucao/introducao');
    await page.getByRole('button', { name: 'Iniciar' }).click();
    await page.waitForURL('**/devolucao/valor');
    await page.getByText('Devolução por encerramento do grupo.').waitFor();
    await page.getByRole('button', { name: 'Informar dados bancários' }).click();
    await page.waitForURL('**/devolucao/dados-bancarios');
    // The account is the company's own: its CNPJ is already there.
    await page.getByText('Paula Comércio de Alimentos Ltda').first().waitFor();
    await page.getByLabel('Banco').selectOption({ label: '104 · Caixa Econômica Federal' });
    await page.getByLabel('Agência (sem dígito)').fill('0456');
    await page.getByLabel('Conta com dígito').fill('00012345-6');
    await page.getByLabel('Operação').fill('003');
    await page.getByRole('button', { name: 'Salvar dados bancários' }).click();

    // The company's documents first: social contract and bank statement.
    await page.waitForURL('**/devolucao/validar-identificacao');
    await page.getByText('Contrato social e última alteração (até 3)').waitFor();
    const inputs = page.locator('input[type=file]');
    await inputs.nth(1).waitFor();
    await inputs.nth(0).setInputFiles({ name: 'contrato-social.pdf', mimeType: 'application/pdf', buffer: pdf });
    await inputs.nth(1).setInputFiles({ name: 'extrato.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Enviar documentos' }).click();

    // Then the representative partner's identity document and selfie.
    await page.waitForURL('**/devolucao/documento-socio');
    await page.getByText('Documento de identidade do sócio representante (até 3)').waitFor();
    await page.getByLabel('Tipo de documento pessoal').selectOption({ label: 'CNH' });
    await inputs.nth(1).waitFor();
    await inputs.nth(0).setInputFiles({ name: 'cnh-socio.pdf', mimeType: 'application/pdf', buffer: pdf });
    await inputs.nth(1).setInputFiles({ name: 'selfie-socio.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Enviar documentos' }).click();
    await page.waitForURL('**/devolucao/analisando-informacoes');
    await page.getByText('Analisando suas informações').first().waitFor();
    await page.close();
  }, 60_000);
});
