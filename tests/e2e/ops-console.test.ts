import { describe, expect, test } from 'vitest';
import { loginStaffInBrowser, useBrowser } from '../helpers/browser.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('operations console in a real browser', () => {
  test('a publisher edits a table, reviews the analyser report and the persona preview, and publishes', async () => {
    const page = await browser.newPage();
    await loginStaffInBrowser(page, stack.baseUrl);
    await page.getByRole('link', { name: 'Devolução: status → tela', exact: true }).click();
    await page.waitForURL('**/ops/definicoes/refund-screen');
    await page.getByRole('table', { name: 'Devolução: status → tela (publicada)' }).waitFor();

    await page.getByText('Ver como JSON (desenvolvedores)').click();
    const editor = page.getByLabel('Definição (JSON)');
    const json = JSON.parse(await editor.inputValue());
    json.rows[1].then = '/devolucao/filiais';
    await editor.fill(JSON.stringify(json, null, 2));
    await page.getByLabel('Tela da linha 2').getByRole('option', { name: '/devolucao/filiais', selected: true }).waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Revisar alterações' }).click();
    await page.waitForURL('**/ops/rascunho');
    await page.getByText('Definições de fluxo: OK').waitFor();
    await page.getByRole('button', { name: 'gustavo' }).click();
    await page.getByRole('table', { name: 'Decisões para gustavo' }).getByText('/devolucao/filiais (muda)').waitFor();

    await page.getByLabel('Comentário da publicação').fill('Teste pelo navegador');
    await page.getByRole('button', { name: 'Publicar' }).click();
    await page.waitForURL('**/ops/historico');
    await page.getByRole('table', { name: 'Versões' }).getByRole('row', { name: /v\d+ \(em serviço\)\s*Teste pelo navegador/ }).waitFor();
    expect(stack.app.flows.decide('refund-screen', { status: 'NAO_INICIADO' }).outcome).toBe('/devolucao/filiais');
    await page.close();
  });
});
