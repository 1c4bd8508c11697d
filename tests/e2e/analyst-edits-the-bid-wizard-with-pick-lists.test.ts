import { describe, test } from 'vitest';
import { loginStaffInBrowser, useBrowser } from '../helpers/browser.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('an operations analyst in a real browser', () => {
  test('edits a bid wizard step with the pick lists, sees the analyser mark the step, and saves the draft', async () => {
    const analyst = await browser.newPage();
    await loginStaffInBrowser(analyst, stack.baseUrl);
    await analyst.getByRole('link', { name: 'Assistente de oferta de lance', exact: true }).click();
    await analyst.waitForURL('**/ops/definicoes/bid-wizard');
    const editor = analyst.getByRole('region', { name: 'Assistente de oferta de lance (edição)' });
    await editor.waitFor();

    // Picking a step id the wizard already has: the analyser marks the later of the two.
    await editor.getByLabel('Passo do passo 3').selectOption({ label: 'keys' });
    await editor.getByText('Passo 4: passo "keys" repetido').waitFor();
    await editor.getByLabel('Passo do passo 3').selectOption({ label: 'fgts' });
    await editor.getByText('Passo 4: passo "keys" repetido').waitFor({ state: 'hidden' });

    // A copy of step 3 is marked as repeated; deleting the copy clears the mark.
    await editor.getByRole('button', { name: 'Duplicar passo 3' }).click();
    await editor.getByText('Passo 4: passo "fgts" repetido').waitFor();
    await editor.getByRole('button', { name: 'Excluir passo 4' }).click();
    await editor.getByText('Passo 4: passo "fgts" repetido').waitFor({ state: 'hidden' });

    // FGTS now also for service quotas.
    await editor.getByLabel('Tipo de cota do passo 3').selectOption([{ label: 'imovel' }, { label: 'servico' }]);
    await editor.getByText('imovel, servico').waitFor();
    await editor.getByText('Analisador: sem problemas.').waitFor();
    await editor.getByRole('button', { name: 'Revisar alterações' }).click();
    await analyst.waitForURL('**/ops/rascunho');
    await analyst.getByText('Definições de fluxo: OK').waitFor();
    await analyst.getByText(/bid-wizard\.json\.steps\[2\]\.available/).first().waitFor();
    await analyst.close();
  });
});
