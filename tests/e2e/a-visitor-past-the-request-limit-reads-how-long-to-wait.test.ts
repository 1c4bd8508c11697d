import { describe, expect, test } from 'vitest';
import { PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { useStack } from '../helpers/stack.js';

/** Two screens a minute from an address: the third screen the renderer asks for is refused (429). */
const stack = useStack({ RATE_LIMIT_PER_ADDRESS: '2' });
const browser = useBrowser();

describe('a request past its limit', () => {
  test('the visitor reads, in Portuguese, how long to wait before trying again', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(PERSON_WAIT_MS);
    const screens: number[] = [];
    page.on('response', (r) => new URL(r.url()).pathname === '/api/screens' && screens.push(r.status()));
    // The page carries its first screen: not asked of the screen API, not counted.
    await page.goto(`${stack.baseUrl}/login`);
    await page.getByRole('button', { name: 'Entrar com CPF ou CNPJ' }).waitFor();
    for (const path of ['/entrar/esqueciasenha/cpfcnpj', '/entrar?passo=1', '/entrar/esqueciasenha/cpfcnpj?passo=2']) {
      if (screens.includes(429)) break;
      const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/screens');
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await asked;
    }
    expect(screens).toContain(429);
    await page.getByText(/^Muitas solicitações em pouco tempo\. Aguarde \d+ segundos? e tente novamente\.$/).waitFor();
    await page.close();
  });
});
