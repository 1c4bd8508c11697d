import { describe, expect, test } from 'vitest';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';
import { jpeg } from '../helpers/images.js';

const stack = useStack();
const browser = useBrowser();

/** Logs in, picks the quota, and follows the contemplation modal of the day to /faturamento. */
async function toBilling(key: string) {
  const page = await browser.newPage();
  await loginInBrowser(page, stack.baseUrl, persona(key));
  await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
  await page.waitForURL('**/home');
  await page.getByText('Parabéns, sua cota foi contemplada!').waitFor();
  await page.getByRole('button', { name: 'Ver próximos passos' }).first().click();
  return page;
}

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 32)]);

describe('cash-credit billing in a real browser', () => {
  test('nina starts cash billing, fills her bank data and accepts the authorization term', async () => {
    const page = await toBilling('nina');
    await page.waitForURL('**/faturamento/iniciar');
    // The type is final: it must be confirmed before starting.
    await page.getByRole('button', { name: 'Iniciar faturamento' }).click();
    await page.getByText('Para continuar, confirme o tipo de faturamento.').first().waitFor();
    await page.getByLabel('Quero receber o crédito em espécie', { exact: false }).check();
    await page.getByRole('button', { name: 'Iniciar faturamento' }).click();
    await page.waitForURL('**/faturamentoespecie/introducao');
    await page.getByText('Como funciona o crédito em espécie').first().waitFor();
    await page.getByRole('button', { name: 'Começar' }).click();
    await page.waitForURL('**/faturamentoespecie/centralcontemplacao');
    // The CRM case the app opened (salesforce/casos) shows its number in this phase.
    await page.getByText(/^0005\d{4}$/).waitFor();
    await page.locator('section.card', { hasText: 'Dados bancários' }).getByRole('button', { name: 'Abrir' }).click();
    await page.waitForURL('**/faturamentoespecie/dadosbancarios');
    await page.getByLabel('Banco').selectOption({ label: '341 · Itaú Unibanco' });
    await page.getByLabel('Agência (4 dígitos)').fill('1234');
    // The account format refuses the hyphen as it is typed (the server's own refusal is proven in tests/api/cash-billing.test.ts).
    await page.getByLabel('Conta com dígito').pressSequentially('12345-6');
    await expect.poll(() => page.getByLabel('Conta com dígito').inputValue()).toBe('123456');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await page.waitForURL('**/faturamentoespecie/termodeautorizacao');
    await page.getByText('341 · agência 1234 · conta 123456 (corrente)').waitFor();
    await page.getByLabel('Li e aceito o termo de autorização').check();
    await page.getByRole('button', { name: 'Aceitar e solicitar o pagamento' }).click();
    await page.waitForURL('**/faturamentoespecie/acompanharpagamento');
    await page.getByRole('region', { name: 'Linha do tempo (horário de Brasília)' }).getByRole('listitem').filter({ hasText: 'Pagamento solicitado' }).filter({ hasText: 'Em andamento' }).waitFor();
    await page.close();
  });

  test('delta sees the refused documents, is refused a renamed non-PDF, resends them and lands on the analysis', async () => {
    const page = await toBilling('delta');
    await page.waitForURL('**/faturamentoespecie/documento-rejeitado');
    await page.getByText('Contrato social e última alteração').waitFor();
    await page.getByRole('button', { name: 'Reenviar documentos' }).click();
    await page.waitForURL('**/faturamentoespecie/anexar-documentos');
    const inputs = page.locator('input[type=file]');
    await inputs.first().waitFor();
    await expect.poll(() => inputs.count()).toBe(2);
    await inputs.nth(0).setInputFiles({ name: 'contrato.pdf', mimeType: 'application/pdf', buffer: Buffer.from('não sou um PDF de verdade') });
    await inputs.nth(1).setInputFiles({ name: 'endereco.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Enviar para análise' }).click();
    await page.getByText('O formato do arquivo utilizado não atende o requisito, por favor verifique!').first().waitFor();
    // Nothing went upstream; the customer removes the refused file (the other one stays chosen) and picks the real one.
    const refused = page.locator('ul.file-info li', { hasText: 'contrato.pdf' });
    await refused.getByRole('button', { name: 'Remover' }).click();
    await refused.waitFor({ state: 'detached' });
    await page.locator('ul.file-info li', { hasText: 'endereco.pdf' }).waitFor();
    await inputs.nth(0).setInputFiles({ name: 'contrato-social.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.locator('ul.file-info li', { hasText: 'contrato-social.pdf' }).waitFor();
    await page.getByRole('button', { name: 'Enviar para análise' }).click();
    await page.waitForURL('**/faturamentoespecie/analisandoinformacoes-pj');
    await page.getByText('Analisando os documentos da empresa').waitFor();
    await page.close();
  });

  test('nina picks her income and identity document, is refused one page of an RG, sends two, then the selfie, and lands on the analysis', async () => {
    await stack.sandbox.reset();
    const page = await browser.newPage();
    await loginInBrowser(page, stack.baseUrl, persona('nina'));
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    await page.goto(`${stack.baseUrl}/faturamento`);
    await page.waitForURL('**/faturamento/iniciar');
    await page.getByLabel('Quero receber o crédito em espécie', { exact: false }).check();
    await page.getByRole('button', { name: 'Iniciar faturamento' }).click();
    await page.getByRole('button', { name: 'Começar' }).click();
    await page.waitForURL('**/faturamentoespecie/centralcontemplacao');
    await page.locator('section.card', { hasText: 'Documentos' }).getByRole('button', { name: 'Abrir' }).click();
    await page.waitForURL('**/faturamentoespecie/identificacao');
    await page.getByLabel('Aposentado ou pensionista').check();
    await page.getByLabel('Documento de identidade que você vai enviar').selectOption('RG');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/faturamentoespecie/anexar-documentos');
    await page.getByText('Documento de identidade com foto (RG) (até 3)').waitFor();
    const inputs = page.locator('input[type=file]');
    await expect.poll(() => inputs.count()).toBe(3);
    await inputs.nth(0).setInputFiles({ name: 'rg-frente.pdf', mimeType: 'application/pdf', buffer: pdf });
    await inputs.nth(1).setInputFiles({ name: 'conta-de-luz.pdf', mimeType: 'application/pdf', buffer: pdf });
    await inputs.nth(2).setInputFiles({ name: 'carta-inss.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Enviar para análise' }).click();
    await page.getByText('Envie as 2 páginas do documento (RG).').first().waitFor();
    await inputs.nth(0).setInputFiles({ name: 'rg-verso.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.locator('ul.file-info li', { hasText: 'rg-verso.pdf' }).waitFor();
    await page.getByRole('button', { name: 'Enviar para análise' }).click();
    // The selfie opens only now that the personal document went.
    await page.getByText('Selfie segurando o documento (até 1)').waitFor();
    await expect.poll(() => inputs.count()).toBe(1);
    await inputs.nth(0).setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: jpeg(4100) });
    await page.getByRole('button', { name: 'Enviar para análise' }).click();
    await page.waitForURL('**/faturamentoespecie/analisandoinformacoesinterna');
    await page.getByText('Analisando seus documentos').first().waitFor();
    await page.close();
  });
});
