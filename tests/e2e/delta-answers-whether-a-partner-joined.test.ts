import { describe, expect, test } from 'vitest';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('a company answers a yes/no question in a real browser', () => {
  test('delta must answer whether a partner joined (nothing is pre-chosen), answers Sim, goes on to the documents and finds her answer kept, without the form library', async () => {
    await stack.sandbox.reset();
    const page = await browser.newPage();
    const formLibrary: string[] = [];
    page.on('request', (r) => /json-form/.test(r.url()) && formLibrary.push(r.url()));
    const answers: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && /"novoSocio"/.test(r.postData() ?? '') && answers.push(/"novoSocio":(true|false|"[^"]*")/.exec(r.postData()!)![1]!));
    await loginInBrowser(page, stack.baseUrl, persona('delta'));
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    await page.goto(`${stack.baseUrl}/faturamentoespecie/identificacao`);
    const question = page.getByRole('radiogroup', { name: /Entrou um novo sócio na empresa/ });
    await question.waitFor();
    // Unanswered is unanswered: neither option is ticked, and going on asks for the answer.
    expect(await question.getByRole('radio', { name: 'Sim' }).isChecked()).toBe(false);
    expect(await question.getByRole('radio', { name: 'Não' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Responda se entrou um novo sócio.').first().waitFor();
    await question.getByRole('radio', { name: 'Sim' }).check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/faturamentoespecie/anexar-documentos');
    await page.getByRole('heading', { name: 'Enviar documentos' }).waitFor();
    // Sent as yes/no (a boolean), not as the text of the option; back on the question, her answer is ticked.
    expect(answers).toEqual(['true']);
    await page.goto(`${stack.baseUrl}/faturamentoespecie/identificacao`);
    await question.waitFor();
    expect(await question.getByRole('radio', { name: 'Sim' }).isChecked()).toBe(true);
    expect(await question.getByRole('radio', { name: 'Não' }).isChecked()).toBe(false);
    expect(formLibrary).toEqual([]);
    await page.close();
  });
});
