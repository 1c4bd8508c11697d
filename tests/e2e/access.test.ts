import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { loginInBrowser, PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

const login = (page: Page, key: string) => loginInBrowser(page, stack.baseUrl, persona(key));

describe('account access in a real browser', () => {
  test('lara gets her one-time code by SMS from the outbox, types it box by box and gets in', async () => {
    const page = await browser.newPage();
    await login(page, 'lara');
    await page.waitForURL('**/entrar/verificacao/enviar');
    await page.getByRole('button', { name: /Receber por SMS/ }).click();
    await page.waitForURL('**/entrar/verificacao/cpf-cnpj');
    await page.getByLabel('CPF ou CNPJ').fill(persona('lara').document);
    await page.getByRole('button', { name: 'Enviar código por SMS' }).click();
    await page.waitForURL('**/entrar/verificacao/inserir');
    await expect.poll(() => page.getByRole('button', { name: /Reenviar código em \d+s/ }).isDisabled()).toBe(true);
    const code = await stack.sandbox.lastCode();
    await page.getByLabel('Código de segurança').click();
    await page.keyboard.type(code.toLowerCase());
    await expect.poll(() => page.getByLabel('Caractere 4 de 4').inputValue(), { timeout: PERSON_WAIT_MS }).toBe(code[3]);
    await page.getByRole('button', { name: 'Validar código' }).click();
    await page.waitForURL('**/entrar/verificacao/validar');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/groups-and-quotas');
    await page.close();
  });

  test('kleber must change his expired password before anything else', async () => {
    const page = await browser.newPage();
    await login(page, 'kleber');
    await page.waitForURL('**/alterarsenha/atual');
    await page.getByText('Sua senha expirou.').first().waitFor();
    await page.getByLabel('Senha atual').fill(persona('kleber').password);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/alterarsenha/nova');
    await page.getByLabel('Nova senha de 6 dígitos').fill('123456');
    await page.getByLabel('Confirme a nova senha').fill('123456');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await page.getByText('Escolha uma senha difícil de adivinhar').waitFor();
    await page.getByLabel('Nova senha de 6 dígitos').fill('739164');
    await page.getByLabel('Confirme a nova senha').fill('739164');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await page.waitForURL('**/groups-and-quotas');
    await page.getByText('Senha alterada com sucesso.').waitFor();
    await page.close();
  });

  test('ana asks for a new password from the login screen, step by step', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(PERSON_WAIT_MS);
    await page.goto(`${stack.baseUrl}/entrar`);
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    await page.waitForURL('**/entrar/esqueciasenha/cpfcnpj');
    await page.getByLabel('CPF ou CNPJ').fill(persona('ana').document);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/entrar/esqueciasenha/data');
    await page.getByLabel('Data de nascimento (DD/MM/AAAA)').fill('17/04/1988');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/entrar/esqueciasenha/email');
    await page.getByLabel('E-mail').first().fill('ana.lima@example.com.br');
    await page.getByLabel('Confirme o e-mail').fill('ana.lima@example.com.bx');
    await page.getByRole('button', { name: 'Enviar instruções' }).click();
    await page.getByText('Os e-mails informados não são iguais.').waitFor();
    await page.getByLabel('Confirme o e-mail').fill('ana.lima@example.com.br');
    await page.getByRole('button', { name: 'Enviar instruções' }).click();
    await page.waitForURL('**/entrar/esqueciasenha/enviado');
    await page.getByText('Enviamos as instruções para criar uma nova senha para an***@example.com.br.').waitFor();
    await page.close();
  });

  test('a transparent-login link lands on a clean /home without the token in the address', async () => {
    const token = await stack.sandbox.transparentToken('ana');
    const page = await browser.newPage();
    page.setDefaultTimeout(PERSON_WAIT_MS);
    await page.goto(`${stack.baseUrl}/login-transparente/${token}`);
    await page.waitForURL('**/home');
    expect(page.url()).not.toContain(token);
    await page.getByText('Olá, Ana').waitFor();
    await page.close();
  });

  test('julia completes the mandatory registration update and reaches home', async () => {
    const page = await browser.newPage();
    await login(page, 'julia');
    await page.waitForURL('**/atualizacao-obrigatoria');
    await page.getByRole('button', { name: 'Revisar meus dados' }).click();
    await page.waitForURL('**/confirmar-dados-cadastrais');
    await page.getByText('Júlia Ferreira Gomes').waitFor();
    await page.getByRole('button', { name: 'Meus dados estão corretos' }).click();
    await page.waitForURL('**/groups-and-quotas');
    await page.getByRole('button', { name: 'Acompanhar esta cota' }).first().click();
    await page.waitForURL('**/home');
    await page.getByText('Olá, Júlia').waitFor();
    await page.close();
  });
});
