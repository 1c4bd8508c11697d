import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../screens/contract/index.js';
import { axeViolations } from './axe.js';
import { loginStaffInBrowser } from './browser.js';
import { consoleOrigin } from './console-host.js';
import { settled } from './every-screen.js';
import type { useStack } from './stack.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export const CONSOLE_DESK = { width: 1280, height: 800 };
export const CONSOLE_PHONE = { width: 390, height: 844 };

/** A staff member signed in to the console (on its own host) in a page of this size, the console drawn. */
export async function staffPageAt(browser: Browser, baseUrl: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce' });
  await loginStaffInBrowser(page, baseUrl);
  await settled(page);
  return page;
}

/** Every console page an analyst can open (every definition in service, a draft under review and a missing page included). */
export function consolePages(stack: ReturnType<typeof useStack>): string[] {
  return [
    '/ops',
    ...stack.app.flows.bundle.definitions.map((d) => `/ops/definicoes/${d.id}`),
    '/ops/historico',
    '/ops/revisoes',
    '/ops/pedidos',
    '/ops/textos',
    '/ops/textos?busca=Bem-vindo',
    '/ops/textos?chave=login.saudacao',
    '/ops/temas',
    '/ops/galeria',
    '/ops/analise',
    '/ops/rascunho?persona=delta',
    '/ops/nao-existe',
  ];
}

/** A draft under review and a publish scheduled for tomorrow (so the requests page has one); returns how to discard the draft. */
export async function withDraftAndRequest(stack: ReturnType<typeof useStack>, page: Page): Promise<() => Promise<unknown>> {
  // Sent from the page (the console's host, its cookie): the test's own process does not resolve ops.localhost, the browser does.
  const post = (action: string, data: unknown) =>
    page.evaluate(
      async ({ url, header, value, body }) => (await (await fetch(url, { method: 'POST', headers: { [header]: value, 'content-type': 'application/json' }, body })).json()) as { kind: string },
      { url: `/api/actions/${action}`, header: CSRF_HEADER, value: CSRF_HEADER_VALUE, body: JSON.stringify(data) },
    );
  const table = structuredClone(stack.app.flows.bundle.definitions.find((d) => d.id === 'cash-billing-screen')) as unknown as { rows: Array<{ then: unknown }> };
  table.rows[6]!.then = '/faturamentoespecie/reanalise';
  expect((await post('ops/draft', { id: 'cash-billing-screen', conteudo: JSON.stringify(table) })).kind).toBe('navigate');
  const later = dayjs().tz('America/Sao_Paulo').add(1, 'day').format('YYYY-MM-DD HH:mm');
  expect((await post('ops/publish', { comentario: 'Agendado para amanhã', agendar: later })).kind).toBe('snackbar');
  expect((await post('ops/draft', { id: 'cash-billing-screen', conteudo: JSON.stringify(table) })).kind).toBe('navigate');
  return () => post('ops/discard', {});
}

/** Opens every console page at this size and returns axe's violations, one line each (empty when none). */
export async function consoleViolations(stack: ReturnType<typeof useStack>, browser: Browser, viewport: { width: number; height: number }): Promise<string[]> {
  const page = await staffPageAt(browser, stack.baseUrl, viewport);
  const discard = await withDraftAndRequest(stack, page);
  const found: string[] = [];
  for (const path of consolePages(stack)) {
    await page.goto(`${consoleOrigin(stack.baseUrl)}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await settled(page);
    // An editor's first analysis has answered (its findings drawn), so what axe reads is what stays.
    if (await page.locator('.table-editor').count()) await page.locator('.table-editor-status').getByText(/^Analisador: /).waitFor();
    for (const violation of await axeViolations(page)) found.push(`${path} at ${viewport.width} px: ${violation}`);
  }
  await discard();
  await page.close();
  return found;
}
