import { describe, expect, test } from 'vitest';
import { loginToHome, screenRequests, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('a tap whose answer leads to another screen', () => {
  test('ana logs in, chooses her quota and generates a slip without the renderer asking for any of those screens; a link still asks for its own', async () => {
    const page = await browser.newPage();
    const asked = screenRequests(page);
    // The page brings the login, the login's answer the quota list, the quota's answer home.
    await loginToHome(page, stack.baseUrl, persona('ana'), 'Olá, Ana');
    expect(asked).toEqual([]);

    // A link is a plain navigation: its screen is asked for.
    await page.getByRole('navigation', { name: 'Sua cota' }).getByRole('link', { name: 'Boletos', exact: true }).click();
    await page.getByRole('button', { name: 'Gerar boleto' }).first().waitFor();
    expect(asked).toEqual(['/boletos']);

    // The slip's answer brings the generated slip.
    await page.getByRole('button', { name: 'Gerar boleto' }).first().click();
    await page.getByRole('button', { name: 'Copiar código Pix' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/boletos/boletogerado');
    expect(asked).toEqual(['/boletos']);
    await page.close();
  });
});
