import { describe, test } from 'vitest';
import { loginInBrowser, loginStaffInBrowser, PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

/** A published change reaches every instance within one poll; a customer sees it within 5 s. */
const PUBLISHED_WITHIN_MS = 5_000;

describe('an operations analyst in a real browser', () => {
  test('maps a cash-billing status to another screen with the pick lists, previews it for delta, publishes, delta sees it, and rolls back', async () => {
    // delta (status PENDENCIA_CLIENTE) is on the refused-documents screen.
    const delta = await browser.newPage();
    await loginInBrowser(delta, stack.baseUrl, persona('delta'));
    await delta.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await delta.waitForURL('**/home');
    await delta.goto(`${stack.baseUrl}/faturamento`);
    await delta.waitForURL('**/faturamentoespecie/documento-rejeitado');

    const analyst = await browser.newPage();
    await loginStaffInBrowser(analyst, stack.baseUrl);
    await analyst.getByRole('link', { name: 'Faturamento em espécie: status → tela', exact: true }).click();
    await analyst.waitForURL('**/ops/definicoes/cash-billing-screen');
    const editor = analyst.getByRole('region', { name: 'Faturamento em espécie: status → tela (edição)' });
    await editor.waitFor();

    // Row 7 keeps REANALISE_BRSCAN; PENDENCIA_CLIENTE gets a row of its own, to the additional-documents screen.
    await editor.getByLabel('Status da linha 7').selectOption({ label: 'REANALISE_BRSCAN' });
    await editor.getByText('Padrão: valor "PENDENCIA_CLIENTE" de "cashBillingStatus" não está mapeado nem coberto pelo padrão').waitFor();
    await editor.getByRole('button', { name: 'Adicionar linha' }).click();
    await editor.getByLabel('Status da linha 10').selectOption({ label: 'PENDENCIA_CLIENTE' });
    await editor.getByLabel('Tela da linha 10').selectOption({ label: '/faturamentoespecie/reanalise' });
    // A copy of the new row appears below it as row 11; deleting it leaves the table as it was.
    await editor.getByRole('button', { name: 'Duplicar linha 10' }).click();
    await editor.getByLabel('Status da linha 11').waitFor();
    await editor.getByRole('button', { name: 'Excluir linha 11' }).click();
    await editor.getByLabel('Status da linha 11').waitFor({ state: 'hidden' });
    await editor.getByText('Analisador: sem problemas.').waitFor();
    await editor.getByRole('button', { name: 'Revisar alterações' }).click();
    await analyst.waitForURL('**/ops/rascunho');
    await analyst.getByText('Definições de fluxo: OK').waitFor();

    await analyst.getByRole('button', { name: 'delta' }).click();
    // delta's actual screen, drawn read-only in the partner's theme: published and draft side by side.
    await analyst.getByRole('region', { name: 'Publicada: /faturamentoespecie/documento-rejeitado' }).getByText('Contrato social e última alteração').first().waitFor();
    await analyst.getByRole('region', { name: 'Rascunho: /faturamentoespecie/reanalise' }).getByText('Documentos adicionais').first().waitFor();
    await analyst.getByRole('table', { name: 'Decisões para delta' }).getByText('/faturamentoespecie/reanalise (muda)').waitFor();

    await analyst.getByLabel('Comentário da publicação').fill('Pendência do cliente vai para documentos adicionais');
    await analyst.getByRole('button', { name: 'Publicar' }).click();
    await analyst.waitForURL('**/ops/historico');
    await analyst.getByRole('table', { name: 'Versões' }).getByRole('row', { name: /v\d+ \(em serviço\)\s*Pendência do cliente vai para documentos adicionais/ }).waitFor();

    await delta.goto(`${stack.baseUrl}/faturamento`);
    await delta.getByText('Documentos adicionais').first().waitFor({ timeout: PUBLISHED_WITHIN_MS });
    await delta.waitForURL('**/faturamentoespecie/reanalise');

    const previous = analyst.getByRole('row', { name: /Definições entregues/ }).first();
    await previous.getByRole('button', { name: /^Voltar à versão \d+$/ }).click();
    await analyst.getByText(/voltou a valer como v\d+/).first().waitFor();
    await delta.goto(`${stack.baseUrl}/faturamento`);
    await delta.waitForURL('**/faturamentoespecie/documento-rejeitado', { timeout: PUBLISHED_WITHIN_MS });
    await analyst.close();
    await delta.close();
  });
});
