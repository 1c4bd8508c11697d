import { describe, expect, test } from 'vitest';
import { PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

const MARKUP = '<b>negrito</b><img src=x onerror="window.__injected=1">';

describe('the public assistant', () => {
  test('a visitor without login holds a three-turn conversation, rates an answer once, sees markup as text and retries a failed message', async () => {
    const page = await browser.newPage({ viewport: { width: 420, height: 640 } });
    page.setDefaultTimeout(PERSON_WAIT_MS);
    await page.goto(`${stack.baseUrl}/embraassist`);
    const log = page.getByRole('log', { name: 'Conversa com o assistente' });
    const composer = page.getByLabel('Sua mensagem');

    // An empty message is refused on the spot, with nothing sent to the assistant.
    await page.getByText('Comece com uma destas perguntas:').waitFor();
    await composer.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Escreva sua mensagem antes de enviar.' }).waitFor();
    expect((await stack.sandbox.calls()).filter((c) => c.path.startsWith('embraassist/'))).toEqual([]);

    // 1: a suggested question.
    await page.getByRole('button', { name: 'Como emito a segunda via do boleto?' }).click();
    await log.getByText('Acesse Boletos, escolha a parcela em aberto').waitFor();
    await expect.poll(() => page.getByText('Comece com uma destas perguntas:').count()).toBe(0);

    // 2: typed, sent with Enter; the composer keeps the focus.
    await composer.fill('Até quando posso ofertar um lance?');
    await composer.press('Enter');
    await log.getByText('Os lances são aceitos até 1 dia antes da data da assembleia.').waitFor();
    await expect.poll(() => composer.evaluate((el) => el === document.activeElement)).toBe(true);

    // 3: markup in the conversation is shown as text, never as HTML.
    await composer.fill(MARKUP);
    await composer.press('Enter');
    await log.getByText(`Não encontrei uma resposta para “${MARKUP}”`).waitFor();
    await expect.poll(() => log.locator('b, img').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();

    // Feedback on the first answer: sent once, then the thanks replace the buttons.
    await stack.sandbox.clearCalls();
    const first = log.getByRole('listitem').filter({ hasText: 'Acesse Boletos' });
    await first.getByRole('button', { name: 'Resposta útil', exact: true }).click();
    await first.getByText('Obrigado pela avaliação!').waitFor();
    await expect.poll(() => first.getByRole('button').count()).toBe(0);
    const rated = (await stack.sandbox.calls()).filter((c) => c.path === 'embraassist/ia/feedback');
    expect(rated).toEqual([expect.objectContaining({ method: 'PATCH', body: { id: expect.stringMatching(/^ana_/), feedback: 'POSITIVE' } })]);

    // The assistant fails: a retry sends the same message once more.
    await stack.sandbox.fault({ method: 'POST', path: 'embraassist/ia', status: 503, times: 1 });
    await composer.fill('Como sei se fui contemplado?');
    await composer.press('Enter');
    await page.getByText('Não foi possível obter a resposta do assistente.').waitFor();
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await log.getByText('O resultado da assembleia aparece em Assembleias').waitFor();
    await expect.poll(() => log.getByText('Como sei se fui contemplado?').count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Tentar novamente' }).count()).toBe(0);

    // A long conversation scrolls and shows its newest message.
    const scroll = await log.evaluate((el) => ({ overflows: el.scrollHeight > el.clientHeight, atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < 2 }));
    expect(scroll).toEqual({ overflows: true, atBottom: true });

    // Kept on the server: a reload shows the four turns, the rated answer still rated.
    await page.reload();
    await log.getByText('O resultado da assembleia aparece em Assembleias').waitFor();
    await expect.poll(() => log.getByRole('listitem').count()).toBe(8);
    await expect.poll(() => log.getByRole('listitem').filter({ hasText: 'Acesse Boletos' }).getByText('Obrigado pela avaliação!').count()).toBe(1);
    await page.close();
  });
});
