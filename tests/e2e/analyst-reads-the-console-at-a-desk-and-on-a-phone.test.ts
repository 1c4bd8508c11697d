import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations } from '../helpers/axe.js';
import { useBrowser } from '../helpers/browser.js';
import { CONSOLE_DESK, CONSOLE_PHONE, staffPageAt } from '../helpers/console-pages.js';
import { settled } from '../helpers/every-screen.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const browser = useBrowser();

const DESK = CONSOLE_DESK;
const PHONE = CONSOLE_PHONE;
const analystAt = (viewport: { width: number; height: number }) => staffPageAt(browser, stack.baseUrl, viewport);

const box = async (page: Page, locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!;

describe('the operations console at a desk and on a phone', () => {
  for (const [where, viewport] of [
    ['at a desk (1280 px)', DESK],
    ['on a phone (390 px)', PHONE],
  ] as const) {
    test(`an analyst ${where} reads the definitions as a table, searches it and opens one; axe finds nothing`, { timeout: 300_000 }, async () => {
      const page = await analystAt(viewport);
      const table = page.getByRole('table', { name: /^Definições em serviço na v\d+$/ });
      const sections = page.getByRole('navigation', { name: 'Seções do console' });
      await table.waitFor();
      expect(await sections.getByRole('link', { name: 'Definições' }).getAttribute('aria-current')).toBe('page');
      const count = stack.app.flows.bundle.definitions.length;
      await expect.poll(() => table.getByRole('row').count()).toBe(count + 1);
      expect(await axeViolations(page), 'the definitions').toEqual([]);

      const navBox = await box(page, sections);
      const tableBox = await box(page, table);
      if (viewport === DESK) {
        // The sections beside the table, the table using the width a phone's column left empty.
        expect(navBox.x + navBox.width).toBeLessThanOrEqual(tableBox.x);
        expect(navBox.y).toBeLessThan(tableBox.y + tableBox.height);
        expect(tableBox.width).toBeGreaterThan(800);
        await expect.poll(() => table.getByRole('columnheader').allInnerTexts()).toEqual(['Nome', 'Tipo', 'Fonte na especificação', 'Versão', 'Última alteração']);
      } else {
        // One column: the sections above the table, nothing wider than the phone.
        expect(navBox.y + navBox.height).toBeLessThanOrEqual(tableBox.y);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        // Each row a block that names its columns: the kind reads "Tipo: Tabela de decisão".
        const row = table.getByRole('row').filter({ hasText: 'Faturamento em espécie: status → tela' });
        await expect.poll(() => row.innerText()).toMatch(/Tipo: Tabela de decisão/);
      }

      // A search by a word of the name, accents ignored; then by the identifier the name does not show.
      const search = page.getByRole('searchbox', { name: 'Buscar definição' });
      await search.fill('especie');
      const status = page.getByRole('status').filter({ hasText: /definições|Nenhuma definição/ });
      const matching = stack.app.flows.bundle.definitions.filter((d) => /espécie/i.test([d.title, d.source].join(' '))).length;
      await expect.poll(() => status.innerText()).toBe(`${matching} de ${count} definições`);
      await expect.poll(() => table.getByRole('row').count()).toBe(matching + 1);
      expect(await axeViolations(page), 'the definitions, searched').toEqual([]);
      await search.fill('palavra-que-nada-tem');
      await expect.poll(() => status.innerText()).toBe('Nenhuma definição encontrada. Tente outra palavra.');
      await search.fill('cash-billing-screen');
      await expect.poll(() => table.getByRole('row').count()).toBe(2);

      await table.getByRole('link', { name: 'Faturamento em espécie: status → tela', exact: true }).click();
      await page.waitForURL('**/ops/definicoes/cash-billing-screen');
      const published = page.getByRole('table', { name: 'Faturamento em espécie: status → tela (publicada)' });
      await published.waitFor();
      await settled(page);
      await expect.poll(() => published.getByRole('columnheader').allInnerTexts()).toEqual(['#', 'Status', 'Caso de contemplação aberto', 'Tela', 'Nota']);
      const editor = page.getByRole('region', { name: 'Faturamento em espécie: status → tela (edição)' });
      await editor.getByText('Analisador: sem problemas.').waitFor();
      // The row controls name their row and are big enough to hit.
      const up = editor.getByRole('button', { name: 'Mover linha 3 para cima' });
      const upBox = await box(page, up);
      expect(Math.min(upBox.width, upBox.height)).toBeGreaterThanOrEqual(24);
      await editor.getByRole('button', { name: 'Mover linha 3 para baixo' }).waitFor();
      expect(await sections.getByRole('link', { name: 'Definições' }).getAttribute('aria-current')).toBe('page');
      expect(await axeViolations(page), 'a definition').toEqual([]);
      await page.close();
    });
  }
});
