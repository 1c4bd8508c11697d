import { describe, expect, test } from 'vitest';
import { loginInBrowser, PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('new-vehicle billing in a real browser', () => {
  test('fernanda gives her vehicle, purchase value, dealership and payment form, confirms and downloads the purchase order PDF', async () => {
    const page = await browser.newPage();
    // Every form of the order is the light form's (the purchase value a free number): no form library.
    const formLibrary: string[] = [];
    page.on('request', (r) => /json-form/.test(r.url()) && formLibrary.push(r.url()));
    const sentValues: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && /"valorCompra"/.test(r.postData() ?? '') && sentValues.push(r.postData()!));
    await loginInBrowser(page, stack.baseUrl, persona('fernanda'));
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    // The contemplation modal of the day leads to /faturamento, which opens the step where her
    // new-vehicle case stands: the vehicle data.
    await page.getByText('Parabéns, sua cota foi contemplada!').waitFor();
    await page.getByRole('button', { name: 'Ver próximos passos' }).first().click();
    await page.waitForURL('**/faturamentonovo/dados-veiculo');

    // A brand outside the list is refused next to the field; what was typed stays.
    await page.getByRole('textbox', { name: /^Marca/ }).fill('Tesla');
    await page.getByRole('textbox', { name: /^Modelo/ }).fill('Polo');
    await page.getByRole('textbox', { name: /^Ano/ }).fill('2026/2027');
    await page.getByRole('textbox', { name: /^Cor/ }).fill('Branco');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Marca não encontrada na lista.', { exact: false }).first().waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: /^Modelo/ }).inputValue(), { timeout: PERSON_WAIT_MS }).toBe('Polo');
    await page.getByRole('textbox', { name: /^Marca/ }).fill('Volkswagen');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.waitForURL('**/faturamentonovo/valor-compra');
    await page.getByText('R$ 70.350,00').first().waitFor();
    // Words are not a value: the field says so and keeps what was typed; then the value as a Brazilian writes it.
    const value = page.getByRole('textbox', { name: /^Valor de compra \(R\$\)/ });
    await value.fill('noventa mil');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Informe um valor em reais maior que zero.').first().waitFor();
    expect(await value.inputValue()).toBe('noventa mil');
    await value.fill('98.000,00');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.waitForURL('**/faturamentonovo/dados-concessionaria');
    await page.getByLabel('CNPJ da concessionária', { exact: false }).fill('11.222.333/0001-81');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.waitForURL('**/faturamentonovo/forma-pagamento');
    await page.getByText('Aurora Veículos Concessionária Ltda', { exact: false }).first().waitFor();
    await page.getByLabel('Transferência para a conta da concessionária').check();
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.waitForURL('**/faturamentonovo/dados-bancarios**');
    await page.getByLabel('Banco').selectOption({ label: '341 · Itaú Unibanco' });
    await page.getByLabel('Agência (4 dígitos)').fill('1234');
    await page.getByLabel('Conta com dígito').fill('556677');
    await page.getByLabel('CNPJ do titular da conta', { exact: false }).fill('11.222.333/0001-81');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.waitForURL('**/faturamentonovo/confirmar-faturamento');
    await page.getByText('R$ 95.000,00').first().waitFor();
    await page.getByLabel('Os dados estão corretos').check();
    await page.getByRole('button', { name: 'Confirmar faturamento' }).click();

    await page.waitForURL('**/faturamentonovo/ordemcompra');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar ordem de compra (PDF)' }).click()]);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(formLibrary).toEqual([]);
    // Sent as the number it names: first the words as typed (refused by the server), then 98000.
    expect(sentValues.map((body) => /"valorCompra":("[^"]*"|[\d.]+)/.exec(body)?.[1])).toEqual(['"noventa mil"', '98000']);
    await page.close();
  });
});
