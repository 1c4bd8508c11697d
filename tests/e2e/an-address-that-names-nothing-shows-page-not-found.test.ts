import { describe, expect, test } from 'vitest';
import { PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('an address that names nothing', () => {
  test('a visitor opening one gets a 404 showing "Página não encontrada", and so does the next one the renderer asks for', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(PERSON_WAIT_MS);
    const screens: number[] = [];
    page.on('response', (r) => new URL(r.url()).pathname === '/api/screens' && screens.push(r.status()));

    const answer = await page.goto(`${stack.baseUrl}/nao-existe`);
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Página não encontrada' }).waitFor();
    // Its button leads back into the app.
    await page.getByRole('button', { name: 'Voltar ao início' }).click();
    await page.getByRole('button', { name: 'Entrar com CPF ou CNPJ' }).waitFor();
    expect(screens).not.toContain(404);

    // Moving within the page: the renderer asks the screen API, which answers 404 with the same screen, drawn as any other.
    await page.evaluate(() => {
      history.pushState(null, '', '/outra-que-nao-existe');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'Página não encontrada' }).waitFor();
    expect(screens.at(-1)).toBe(404);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.close();
  });
});
