import { describe, test } from 'vitest';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';
import { jpeg as jpegFile } from '../helpers/images.js';

const stack = useStack();
const browser = useBrowser();

const jpeg = jpegFile(4100);
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 32)]);

/** Logs gustavo in (again, as a customer coming back days later) and opens his cancelled quota's home. */
async function gustavoHome() {
  const page = await browser.newPage();
  await loginInBrowser(page, stack.baseUrl, persona('gustavo'));
  await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
  await page.waitForURL('**/home');
  return page;
}

describe('refund in a real browser', () => {
  test('gustavo goes from the values to bank data, documents, analysis and a payment scheduled on the sandbox clock, then redoes a reversed payment', async () => {
    await stack.sandbox.reset();
    let page = await gustavoHome();
    const card = page.locator('section.card', { hasText: 'Devolução de valores' });
    await card.getByRole('button', { name: 'Iniciar' }).click();
    await page.waitForURL('**/devolucao/introducao');
    await page.getByRole('button', { name: 'Iniciar' }).click();
    await page.waitForURL('**/devolucao/valor');
    await page.getByText('Devolução por cancelamento da cota.').waitFor();
    await page.getByText('Taxa de permanência').waitFor();
    await page.getByRole('button', { name: 'Informar dados bancários' }).click();
    await page.waitForURL('**/devolucao/dados-bancarios');

    // A salary account is refused, and what was typed stays.
    await page.getByLabel('Banco').selectOption({ label: '341 · Itaú Unibanco' });
    await page.getByLabel('Agência (sem dígito)').fill('1234');
    await page.getByLabel('Conta com dígito').fill('56789-0');
    await page.getByLabel('Conta salário').check();
    await page.getByRole('button', { name: 'Salvar dados bancários' }).click();
    await page.getByText('Conta salário não é aceita. Informe uma conta corrente ou poupança.').first().waitFor();
    await page.getByLabel('Conta corrente').check();
    await page.getByRole('button', { name: 'Salvar dados bancários' }).click();
    await page.waitForURL('**/devolucao/validar-identificacao');

    await page.getByLabel('Tipo de documento pessoal').selectOption({ label: 'CNH' });
    const inputs = page.locator('input[type=file]');
    await inputs.nth(2).waitFor();
    await inputs.nth(0).setInputFiles({ name: 'cnh.pdf', mimeType: 'application/pdf', buffer: pdf });
    await inputs.nth(1).setInputFiles({ name: 'extrato.pdf', mimeType: 'application/pdf', buffer: pdf });
    await inputs.nth(2).setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByRole('button', { name: 'Enviar documentos' }).click();
    await page.waitForURL('**/devolucao/analisando-informacoes');
    await page.getByText('Analisando suas informações').first().waitFor();
    await page.close();

    // Two days later the analysis approved him: he programs the payment on the day offered.
    await stack.sandbox.advanceClock(48 * 3600);
    page = await gustavoHome();
    await page.locator('section.card', { hasText: 'Documentos aprovados' }).getByRole('button', { name: 'Programar pagamento' }).click();
    await page.waitForURL('**/devolucao/documento-aprovado');
    await page.getByText(/O pagamento é feito em até 5 dias úteis/).waitFor();
    const day = await page.getByLabel('Data da devolução (DD/MM/AAAA)').inputValue();
    await page.getByRole('button', { name: 'Programar pagamento' }).click();
    await page.waitForURL('**/devolucao/pagamento-programado');
    await page.getByText(`Pagamento programado para ${day}.`).waitFor();
    await page.close();

    // Ten days later the payment went out and the request finished, step by step.
    await stack.sandbox.advanceClock(10 * 24 * 3600);
    page = await gustavoHome();
    await page.goto(`${stack.baseUrl}/devolucao`);
    await page.waitForURL('**/devolucao/acompanhar-valores');
    const sent = page.getByRole('row', { name: /Pagamento enviado/ });
    await sent.getByRole('cell', { name: 'Concluído' }).waitFor();
    await page.getByRole('row', { name: /Solicitação finalizada/ }).getByRole('cell', { name: 'Concluído' }).waitFor();
    await page.close();

    // The bank returns it: home says so, and he redoes the bank data and programs the payment again.
    await stack.sandbox.setRefund('gustavo', { estornar: true });
    page = await gustavoHome();
    await page.locator('section.card', { hasText: 'Pagamento estornado' }).getByRole('button', { name: 'Atualizar dados bancários' }).click();
    await page.waitForURL('**/devolucao/dados-bancarios');
    await page.getByText(/Causas prováveis: conta inválida ou incorreta/).first().waitFor();
    await page.getByLabel('Banco').selectOption({ label: '237 · Bradesco' });
    await page.getByLabel('Conta com dígito').fill('11223-4');
    await page.getByRole('button', { name: 'Salvar dados bancários' }).click();
    await page.waitForURL('**/devolucao/documento-aprovado');
    await page.getByText('237 · agência 1234 · conta 112234 (corrente)').waitFor();
    await page.getByRole('button', { name: 'Programar pagamento' }).click();
    await page.waitForURL('**/devolucao/pagamento-programado');
    await page.getByText(/Pagamento programado para \d{2}\/\d{2}\/\d{4}\./).waitFor();
    await page.close();
  }, 120_000);
});
