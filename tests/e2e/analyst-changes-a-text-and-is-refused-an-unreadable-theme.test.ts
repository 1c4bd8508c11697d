import { describe, test } from 'vitest';
import { loginStaffInBrowser, PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

/** A published change reaches every instance within one poll; a visitor sees it within 5 s. */
const PUBLISHED_WITHIN_MS = 5_000;

describe('an operations analyst changes texts and themes in a real browser', () => {
  test('a text change appears on the login screen after publish', async () => {
    const analyst = await browser.newPage();
    await loginStaffInBrowser(analyst, stack.baseUrl);
    await analyst.getByRole('navigation', { name: 'Seções do console' }).getByRole('link', { name: 'Textos' }).click();
    await analyst.waitForURL('**/ops/textos');
    await analyst.getByLabel('Buscar texto ou chave').fill('Bem-vindo ao');
    await analyst.getByRole('button', { name: 'Buscar' }).click();
    await analyst.getByRole('button', { name: 'Editar login.saudacao' }).click();
    await analyst.getByLabel(/^Texto/).fill('Que bom ver você no {{partner.name}}');
    await analyst.getByRole('button', { name: 'Revisar alterações' }).click();
    await analyst.waitForURL('**/ops/rascunho');
    await analyst.getByText('Definições de fluxo: OK').waitFor();
    await analyst.getByLabel('Comentário da publicação').fill('Saudação mais calorosa');
    await analyst.getByRole('button', { name: 'Publicar' }).click();
    // The history's table: the new version is the one in service, with its comment.
    await analyst.getByRole('row').filter({ hasText: 'Saudação mais calorosa' }).filter({ hasText: /^v\d+ \(em serviço\)/ }).waitFor();

    const visitor = await browser.newPage();
    visitor.setDefaultTimeout(PERSON_WAIT_MS);
    await visitor.goto(`${stack.baseUrl}/login`);
    await visitor.getByText(/^Que bom ver você no /).waitFor({ timeout: PUBLISHED_WITHIN_MS });
    await visitor.close();
    await analyst.close();
  });

  test('a theme with unreadable contrast is refused with the reason next to the colour', async () => {
    const analyst = await browser.newPage();
    await loginStaffInBrowser(analyst, stack.baseUrl);
    await analyst.getByRole('navigation', { name: 'Seções do console' }).getByRole('link', { name: 'Temas dos parceiros' }).click();
    await analyst.waitForURL('**/ops/temas');
    await analyst.getByLabel('Cor primária de Consórcio Aurora (primary)').fill('#FFEB3B');
    await analyst.getByLabel('Texto sobre a primária de Consórcio Aurora (onPrimary)').fill('#FFFFFF');
    await analyst.getByRole('button', { name: 'Revisar tema de Consórcio Aurora' }).click();
    await analyst.getByText(/contraste entre texto sobre a primária e cor primária é 1,\d\d:1; o mínimo WCAG AA para texto é 4,5:1/).first().waitFor();
    await analyst.getByLabel('Cor primária de Consórcio Aurora (primary)').fill('amarelo');
    await analyst.getByRole('button', { name: 'Revisar tema de Consórcio Aurora' }).click();
    await analyst.getByText('"amarelo" não é uma cor: use #RRGGBB').first().waitFor();
    await analyst.close();
  });
});
