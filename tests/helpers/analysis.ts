import { expect } from 'vitest';
import { client, findAll } from './api-client.js';
import { consoleClient } from './console-host.js';
import { staffClient as signedInStaff } from './staff-sign-in.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = any;

/** A console client (on the console's host) signed in as staff (the sandbox's viewer, `consulta`, unless told). */
export async function staffClient(baseUrl: string, login = 'consulta', _senha?: string) {
  return signedInStaff(baseUrl, login);
}

/** The analysis page for an address, as a screen document. */
export async function analysisPage(c: ReturnType<typeof client>, path: string): Promise<Doc> {
  const res = await c.screen(path);
  expect(res.body.kind).toBe('screen');
  return res.body;
}

/** A table of the page by its caption: its rows as objects keyed by the columns. */
export function tableRows(doc: Doc, caption: string): Array<Record<string, string>> {
  const table = findAll(doc.layout, (n) => n.type === 'table' && n.caption === caption)[0];
  if (!table) throw new Error(`no table "${caption}" among ${findAll(doc.layout, (n) => n.type === 'table').map((t) => t.caption).join(' | ')}`);
  return table.rows.map((row: string[]) => Object.fromEntries(table.columns.map((column: string, i: number) => [column, row[i]])));
}

/** The funnel table's rows by step label: [Chegaram, Concluíram, Desistiram]. */
export function funnelCounts(doc: Doc, flowName: string): Record<string, [string, string, string]> {
  return Object.fromEntries(tableRows(doc, `Etapas de ${flowName}`).map((r) => [r.Etapa, [r.Chegaram, r['Concluíram'], r.Desistiram]]));
}
