import { describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { consoleClient } from '../helpers/console-host.js';
import { useStack } from '../helpers/stack.js';
import type { FlowDefinition } from '../../screens/contract/flows.js';
import { fieldsOf } from '../../server/src/capabilities/ops/labels.js';
import { staffClient as signedInStaff } from '../helpers/staff-sign-in.js';

const stack = useStack();

async function publisher() {
  return signedInStaff(stack.baseUrl, 'operacao');
}

/**
 * English words an analyst could meet in the console's explanations, headers and notes (the words of
 * code the definitions were written in). Not a dictionary: the words these pages used or could use.
 */
const ENGLISH = new Set(
  (
    'the not shown when and or of is are be any none default true false null undefined yes with without from into for if else then ' +
    'step steps row rows screen screens case exists available always never label target title text texts route state page outcome ' +
    'input inputs output condition covers phase product company paid off deadline expired required exempt access authenticated ' +
    'wanted pending password seller type seen var eq ne lt lte gt gte has contains in show hidden open closed error done refused ' +
    'cancelled running approved by published deploy rollback edit save draft review publish key value values field fields kind id ' +
    'source version author comment diff result results issue'
  ).split(' '),
);

/**
 * The values a definition holds as data (vocabulary values, step and card ids, routes, its own id):
 * identifiers of the spec and of the code, shown as they are so an analyst can pick them.
 */
function identifiers(definition: FlowDefinition): Set<string> {
  const ids = new Set<string>([definition.id]);
  const vocabulary = stack.app.flows.bundle.vocabulary;
  for (const values of Object.values(vocabulary.enums)) for (const v of values) if (typeof v === 'string') ids.add(v.toLowerCase());
  for (const d of stack.app.flows.bundle.definitions) {
    if (d.kind === 'wizard') for (const s of d.steps) ids.add(s.id.toLowerCase());
    if (d.kind === 'cards') for (const card of d.cards) ids.add(card.id.toLowerCase());
  }
  return ids;
}

/** The English words of a text, leaving out identifiers (paths, codes, ids, names in CamelCase the spec gives its screens). */
function englishWords(text: string, ids: Set<string>): string[] {
  return text
    .split(/[^\p{L}\p{N}_\-/.:$]+/u)
    .filter((w) => w && !/[_\-/.:$\d]/.test(w) && !/[a-z][A-Z]/.test(w) && w !== w.toUpperCase())
    .map((w) => w.toLowerCase())
    .filter((w) => ENGLISH.has(w) && !ids.has(w));
}

describe('operations console: every definition in words an analyst reads', () => {
  it('labels every input and result field of every definition', () => {
    const unlabelled = stack.app.flows.bundle.definitions.flatMap((d) => fieldsOf(d).filter((f) => f.label === f.name).map((f) => `${d.id}.${f.name}`));
    expect(unlabelled).toEqual([]);
  });

  it('heads no column of any definition page with a raw field name, and shows no English word there', async () => {
    const c = await publisher();
    const problems: string[] = [];
    for (const definition of stack.app.flows.bundle.definitions) {
      const page = await c.screen(`/ops/definicoes/${definition.id}`);
      expect(page.body.kind, definition.id).toBe('screen');
      const raw = new Set(fieldsOf(definition).map((f) => f.name));
      const headers: string[] = [];
      for (const table of findAll(page.body.layout, (n) => n.type === 'table')) headers.push(...table.columns);
      for (const editor of findAll(page.body.layout, (n) => n.type === 'table-editor')) {
        for (const input of editor.inputs) headers.push(input.label ?? input.name);
        for (const output of editor.outputs) headers.push(output.label ?? output.field ?? '');
      }
      for (const header of headers) {
        if (raw.has(header) || /^[a-z]+[A-Z]/.test(header) || /^[a-z]/.test(header)) problems.push(`${definition.id}: column "${header}"`);
      }
      const ids = identifiers(definition);
      const cells = findAll(page.body.layout, (n) => n.type === 'table').flatMap((t) => t.rows.flat() as string[]);
      const options = findAll(page.body.layout, (n) => n.type === 'table-editor').flatMap((e) => [...e.inputs, ...e.outputs, ...(e.covers ? [{ options: e.covers }] : [])].flatMap((i: { options: Array<{ label: string }> }) => i.options.map((o) => o.label)));
      for (const text of [screenText(page.body), ...cells, ...options]) {
        const english = englishWords(text, ids);
        if (english.length) problems.push(`${definition.id}: "${text.slice(0, 80)}" has ${english.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists the definitions as one searchable table: name, kind, source in the spec, version and last change, each leading to its page', async () => {
    const c = await publisher();
    const overview = await c.screen('/ops');
    const [table] = findAll(overview.body.layout, (n) => n.type === 'data-table');
    expect(table.columns).toEqual(['Nome', 'Tipo', 'Fonte na especificação', 'Versão', 'Última alteração']);
    expect(table.search).toMatchObject({ label: 'Buscar definição', countText: '{shown} de {total} definições' });
    const definitions = stack.app.flows.bundle.definitions;
    expect(table.rows).toHaveLength(definitions.length);
    const row = table.rows.find((r: { keywords: string }) => r.keywords === 'cash-billing-screen');
    expect(row.cells.slice(0, 3)).toEqual(['Faturamento em espécie: status → tela', 'Tabela de decisão', definitions.find((d) => d.id === 'cash-billing-screen')!.source]);
    expect(row.cells[3]).toMatch(/^v\d+$/);
    expect(row.cells[4]).toMatch(/^\d\d\/\d\d\/\d{4} às \d\d:\d\d · (servidor|\w+)$/);
    expect(row.action).toEqual({ type: 'navigate', to: '/ops/definicoes/cash-billing-screen' });
    // The console's sections beside the content: the current one marked.
    const [nav] = findAll(overview.body.layout, (n) => n.type === 'nav');
    expect(nav.links.map((l: { label: string }) => l.label)).toEqual(['Definições', 'Histórico de versões', 'Versões por definição', 'Pedidos de publicação', 'Textos', 'Temas dos parceiros', 'Galeria de componentes', 'Análise dos fluxos']);
    expect(nav.links.filter((l: { current?: boolean }) => l.current).map((l: { label: string }) => l.label)).toEqual(['Definições']);
    expect(overview.body.layout[0]).toMatchObject({ type: 'columns', variant: 'sidebar' });
    const ids = new Set(definitions.flatMap((d) => [...identifiers(d)]));
    const english = [screenText(overview.body), ...table.rows.flatMap((r: { cells: string[] }) => r.cells), ...table.columns].flatMap((t: string) => englishWords(t, ids));
    expect(english).toEqual([]);
  });

  it('says on each definition which version last changed it, once a publish changed it', async () => {
    const c = await publisher();
    const base = stack.app.flows.version;
    const table = structuredClone(stack.app.flows.bundle.definitions.find((d) => d.id === 'refund-screen')) as unknown as { rows: Array<{ note?: string }> };
    table.rows[0]!.note = 'Nota revista';
    expect((await c.action('ops/draft', { id: 'refund-screen', conteudo: JSON.stringify(table) })).body.kind).toBe('navigate');
    expect((await c.action('ops/publish', { comentario: 'Nota revista' })).body.kind).toBe('snackbar');
    const [overview] = findAll((await c.screen('/ops')).body.layout, (n) => n.type === 'data-table');
    const cells = (id: string) => overview.rows.find((r: { keywords: string }) => r.keywords === id).cells;
    expect(cells('refund-screen')[3]).toBe(`v${base + 1}`);
    expect(cells('refund-screen')[4]).toMatch(/ · operacao$/);
    expect(cells('guard')[3]).not.toBe(`v${base + 1}`);
    await c.action('ops/rollback', { versao: base, base: base + 1 });
  });

  it('draws a console page for a renderer older than the desk layout with the components it knows', async () => {
    const c = await publisher();
    const old = await c.screen('/ops', { 'x-renderer-version': '1.1.0' });
    const types = new Set(findAll(old.body.layout, () => true).map((n) => n.type));
    for (const type of ['columns', 'group', 'nav', 'data-table']) expect(types.has(type), type).toBe(false);
    const cards = findAll(old.body.layout, (n) => n.type === 'card' && n.id === 'def-cash-billing-screen');
    expect(cards[0].action).toEqual({ label: 'Abrir Faturamento em espécie: status → tela', action: { type: 'navigate', to: '/ops/definicoes/cash-billing-screen' } });
  });
});
