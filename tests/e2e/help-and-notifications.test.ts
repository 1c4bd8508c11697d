import { describe, expect, test } from 'vitest';
import { loginInBrowser, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

describe('help centre and notifications in a real browser', () => {
  test('ana reads a question, finds it helpful (shown at once), then opens her unread notification and sees it read', async () => {
    const page = await browser.newPage();
    await loginInBrowser(page, stack.baseUrl, persona('ana'));
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');

    // Help centre → a category → a question.
    await page.goto(`${stack.baseUrl}/ajuda`);
    await page.locator('section.card', { hasText: 'Boletos e pagamentos' }).getByRole('button', { name: 'Ver perguntas' }).click();
    await page.waitForURL('**/ajuda/1');
    await page.locator('section.card', { hasText: 'Como emito a segunda via do boleto?' }).getByRole('button', { name: 'Ler resposta' }).click();
    await page.waitForURL('**/ajuda/1/como-emito-a-segunda-via-do-boleto');
    await page.getByText('Acesse Boletos, escolha a parcela em aberto').waitFor();

    // 'Was this helpful': the answer replaces the buttons before the server answers (slowed down here).
    await stack.sandbox.fault({ method: 'POST', path: 'faq/feedback', delayMs: 1500, times: 1 });
    await page.getByRole('button', { name: 'Sim', exact: true }).click();
    await page.getByText('Obrigado! Você achou esta resposta útil.').waitFor({ timeout: 1000 });
    await page.getByText('Obrigado pela sua avaliação!').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Sim', exact: true }).count()).toBe(0);

    // A failure puts the buttons back with the message.
    await page.goto(`${stack.baseUrl}/ajuda/1/posso-unificar-parcelas-de-mais-de-uma-cota`);
    await page.getByText('Posso unificar parcelas de mais de uma cota?').waitFor();
    await stack.sandbox.fault({ method: 'POST', path: 'faq/feedback', status: 503, times: 1 });
    await page.getByRole('button', { name: 'Não', exact: true }).click();
    await page.getByText('Não foi possível enviar sua avaliação agora. Tente novamente mais tarde.').waitFor();
    await expect.poll(() => page.getByText('Obrigado pelo retorno! Vamos melhorar esta resposta.').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Não', exact: true, includeHidden: true }).count()).toBe(1);
    await page.keyboard.press('Escape');

    // Notifications: one unread; opening it marks it read.
    await page.goto(`${stack.baseUrl}/notifications`);
    await page.getByText('Você tem 1 notificação não lida.').waitFor();
    await page.locator('section.card', { hasText: 'Sua próxima assembleia está chegando' }).getByRole('button', { name: 'Abrir' }).click();
    await page.waitForURL('**/notifications/9003');
    await page.getByText('A próxima assembleia do grupo 001234 acontece em 10 dias.').waitFor();
    await expect.poll(() => page.locator('.value', { hasText: 'Situação' }).textContent()).toContain('Lida');
    await page.getByRole('button', { name: 'Voltar para as notificações' }).click();
    await page.waitForURL('**/notifications');
    await page.locator('section.card', { hasText: 'Pagamento confirmado' }).waitFor();
    // The list may first be drawn from the cache; wait until the fresh one says nothing is unread.
    await expect.poll(() => page.getByText('Não lida').count()).toBe(0);
    await expect.poll(() => page.getByText('Você tem 1 notificação não lida.').count()).toBe(0);
    await page.close();
  });
});
