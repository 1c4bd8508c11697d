import { describe, test } from 'vitest';
import { loginStaffInBrowser, useBrowser } from '../helpers/browser.js';
import { consoleOrigin } from '../helpers/console-host.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('staff sign-in through the identity provider, in a real browser', () => {
  test('operacao signs in with password and authenticator code, and signing out of the console signs out of the provider too', async () => {
    const page = await browser.newPage();
    await loginStaffInBrowser(page, stack.baseUrl);
    await page.getByText('operacao · pode publicar').waitFor();

    await page.getByRole('button', { name: 'Sair do console' }).click();
    await page.waitForURL(`${consoleOrigin(stack.baseUrl)}/ops/entrar`);
    // The provider's session ended too: entering again asks for the password, not only a click.
    await page.getByRole('button', { name: 'Entrar com a conta da equipe' }).click();
    await page.getByRole('heading', { name: 'Entrar na conta da equipe' }).waitFor();
    await page.getByLabel('Senha').waitFor();
    await page.close();
  });
});
