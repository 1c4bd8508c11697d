import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PERSON_WAIT_MS, useBrowser } from '../helpers/browser.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

// A page on another local origin (127.0.0.1, not in partner Aurora's allowlist) that frames the chat.
let other: Server;
let otherUrl = '';
beforeAll(async () => {
  other = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Portal</title><h1>Portal do parceiro</h1><iframe title="Assistente" src="${stack.baseUrl}/embraassist/embed"></iframe>`);
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/`;
});
afterAll(async () => new Promise<void>((resolve) => other.close(() => resolve())));

describe('embedding the assistant', () => {
  test('the browser refuses to show the embedded chat in a page of an origin the partner did not allow', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(PERSON_WAIT_MS);
    // The same address opened directly is the chat, its conversation kept by its own (partitioned) cookie.
    await page.goto(`${stack.baseUrl}/embraassist/embed`);
    const log = page.getByRole('log', { name: 'Conversa com o assistente' });
    await page.getByLabel('Sua mensagem').fill('Como altero meu e-mail ou telefone?');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await log.getByText('A alteração é confirmada por um código enviado por SMS.').waitFor();
    await page.reload();
    await log.getByText('A alteração é confirmada por um código enviado por SMS.').waitFor();

    await page.goto(otherUrl);
    await page.getByRole('heading', { name: 'Portal do parceiro' }).waitFor();
    // Chromium replaces a frame refused by frame-ancestors with its error page.
    await expect.poll(() => page.frames().find((f) => f !== page.mainFrame())?.url(), { timeout: PERSON_WAIT_MS }).toMatch(/^chrome-error:/);
    const frame = page.frames().find((f) => f !== page.mainFrame())!;
    await expect.poll(() => frame.getByRole('log', { name: 'Conversa com o assistente' }).count()).toBe(0);
    await page.close();
  });
});
