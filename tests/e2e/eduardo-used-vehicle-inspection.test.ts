import { describe, expect, test } from 'vitest';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('used-vehicle inspection in a real browser', () => {
  test('eduardo goes from his found vehicle (ABC1D23) through the digital inspection terms and fee to the link sent, then, inspection approved, to the seller data', async () => {
    await stack.sandbox.reset();
    const page = await browser.newPage();
    await loginInBrowser(page, stack.baseUrl, persona('eduardo'));
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');

    // The found and approved vehicle (the central page of the used vehicle leads here).
    await page.goto(`${stack.baseUrl}/faturamentoseminovo/simulacao/aprovado`);
    await page.getByRole('heading', { name: 'Veículo aprovado' }).waitFor();
    await page.getByText('ABC1D23').first().waitFor();
    await page.getByText('Fiat Argo 2022/2023 · Prata').first().waitFor();
    await page.getByRole('button', { name: 'Continuar para a vistoria digital' }).click();

    await page.waitForURL('**/faturamentoseminovo/vistoriadigital');
    await page.getByText('A vistoria custa R$ 150,00, descontados da sua carta de crédito.').first().waitFor();
    await page.getByRole('button', { name: 'Continuar' }).click();

    // The terms are accepted before anything is asked.
    await page.waitForURL('**/faturamentoseminovo/vistoriadigital/termos');
    await page.getByRole('heading', { name: 'Termos da vistoria' }).waitFor();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Para continuar, aceite os termos da vistoria.').first().waitFor();
    expect(page.url()).toContain('/vistoriadigital/termos');
    await page.getByLabel('Li e aceito os termos da vistoria').check();
    await page.getByRole('button', { name: 'Continuar' }).click();

    // The rules, and the fee shown before confirming.
    await page.waitForURL('**/faturamentoseminovo/vistoriadigital/regras');
    await page.getByRole('heading', { name: 'Regras da vistoria' }).waitFor();
    await page.getByText('A vistoria custa R$ 150,00', { exact: false }).first().waitFor();
    await page.getByLabel('Estou ciente das taxas da vistoria').check();
    await page.getByRole('button', { name: 'Enviar o link da vistoria' }).click();

    await page.waitForURL('**/faturamentoseminovo/vistoriadigital/linkenviado');
    await page.getByRole('heading', { name: 'Link da vistoria enviado' }).waitFor();
    await page.getByText('Link válido até').first().waitFor();
    await page.getByText('https://vistoria.sandbox.example/', { exact: false }).first().waitFor();
    const sent = (await stack.sandbox.calls()).filter((c) => c.path === 'core/faturamento/auto/agendar-vistoria');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ tipoVistoria: 'VISTORIA_DIGITAL', aceiteTermos: true });

    // The back office approves the inspection: billing goes on to the seller's data.
    const approved = await fetch(`${stack.sandbox.url}/__sandbox/personas/eduardo/faturamento-seminovo`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ estadoProcesso: 'GARANTIA_APROVADA' }) });
    expect(approved.ok).toBe(true);
    await page.goto(`${stack.baseUrl}/faturamento`);
    await page.waitForURL('**/faturamentoseminovo/vendedor');
    await page.getByRole('heading', { name: 'Quem está vendendo o veículo?' }).waitFor();
    await page.getByRole('button', { name: 'Pessoa física' }).click();
    await page.waitForURL('**/faturamentoseminovo/vendedor/pessoafisica/dadospessoais');
    await page.getByRole('heading', { name: 'Dados do vendedor' }).waitFor();
    await page.getByLabel('Nome completo do vendedor', { exact: false }).fill('Rogério Lima');
    await page.getByLabel('CPF do vendedor', { exact: false }).fill('529.982.247-25');
    // The declaration starts unticked and must be ticked by eduardo himself.
    const declaration = page.getByLabel('Declaro que os dados do vendedor estão corretos', { exact: false });
    await expect.poll(() => declaration.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Para continuar, confirme que os dados do vendedor estão corretos.').first().waitFor();
    expect((await stack.sandbox.calls()).filter((c) => c.method === 'POST' && c.path === 'core/faturamento/auto/dados-vendedor')).toHaveLength(0);
    await declaration.check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/faturamentoseminovo/vendedor/pessoafisica/dadosbancarios');
    await page.close();
  });

  test('a plate in the wrong format is refused with its message, nothing is sent and the typed plate stays; the right one is found and approved', async () => {
    await stack.sandbox.reset();
    const res = await fetch(`${stack.sandbox.url}/__sandbox/personas/eduardo/faturamento-seminovo`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ estadoProcesso: 'AGUARDANDO_DADOS_VISTORIA' }) });
    expect(res.ok).toBe(true);
    const page = await browser.newPage();
    await loginInBrowser(page, stack.baseUrl, persona('eduardo'));
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');

    await page.goto(`${stack.baseUrl}/faturamentoseminovo/simulacao/placa`);
    await page.getByRole('heading', { name: 'Placa do veículo' }).waitFor();
    await stack.sandbox.clearCalls();
    await page.getByRole('textbox', { name: /^Placa/ }).fill('AB-1234');
    await page.getByRole('button', { name: 'Buscar veículo' }).click();
    await page.getByText('Placa inválida. Informe no formato ABC1D23 (Mercosul) ou ABC1234.').first().waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: /^Placa/ }).inputValue()).toBe('AB-1234');
    expect((await stack.sandbox.calls()).some((c) => c.path.startsWith('core/faturamento/auto/consultar-veiculo'))).toBe(false);

    await page.getByRole('textbox', { name: /^Placa/ }).fill('abc1d23');
    await page.getByRole('button', { name: 'Buscar veículo' }).click();
    await page.waitForURL('**/faturamentoseminovo/simulacao/placaencontrada?placa=ABC1D23');
    await page.getByText('R$ 78.450,00').first().waitFor();
    await page.getByRole('button', { name: 'Simular' }).click();
    await page.waitForURL('**/faturamentoseminovo/simulacao/aprovado');
    await page.getByRole('button', { name: 'Continuar para a vistoria digital' }).waitFor();
    await page.close();
  });
});
