import { describe, expect, it } from 'vitest';
import { COMPONENT_SINCE, COMPONENT_TYPES, type ComponentType } from '../../screens/contract/components.js';
import { compareVersions } from '../../server/src/composition/capabilities.js';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

/** A wrapper shipped with renderer 1.0.0: it sends its version (and its platform), no capability list. */
const OLD = { 'x-renderer-version': '1.0.0', 'x-client-platform': 'android' };
/** The same wrapper today. */
const NEW = { 'x-client-platform': 'android' };
const NEWER_TYPES = new Set<string>(COMPONENT_TYPES.filter((t) => compareVersions(COMPONENT_SINCE[t as ComponentType], '1.0.0') > 0));

type Node = Record<string, unknown> & { type: string };
/** Every node of a screen as sent: items, fallbacks, form and modal bodies included. */
function everyNode(doc: { layout: unknown[]; modal?: { body?: unknown[] } }): Node[] {
  const out: Node[] = [];
  const walk = (nodes: unknown) => {
    if (!Array.isArray(nodes)) return;
    for (const n of nodes as Node[]) {
      out.push(n);
      walk(n.items);
      if (n.fallback) walk([n.fallback]);
    }
  };
  walk(doc.layout);
  walk(doc.modal?.body);
  return out;
}
const newerIn = (doc: { layout: unknown[] }) => new Set(everyNode(doc).map((n) => n.type).filter((t) => NEWER_TYPES.has(t)));
const pdf = () => `data:application/pdf;name=doc.pdf;base64,${Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 32)]).toString('base64')}`;

describe('server-owned versioning: an older renderer', () => {
  it('gets a fallback for every newer component and still goes login → home → slip → cash billing (delta)', async () => {
    await stack.sandbox.reset();
    const c = client(stack.baseUrl);
    /** Asks a screen as the old wrapper, checks it carries no newer component, and notes what today's wrapper would have got instead. */
    const replaced = new Set<string>();
    const old = async (path: string) => {
      const modern = await c.screen(path, NEW);
      const res = await c.screen(path, OLD);
      expect(res.status, path).toBe(200);
      if (res.body.kind === 'redirect') return res.body;
      expect(res.body.kind, path).toBe('screen');
      expect([...newerIn(res.body)], `${path} sent to renderer 1.0.0`).toEqual([]);
      for (const t of newerIn(modern.body)) replaced.add(t);
      return res.body;
    };

    expect(findAll((await old('/entrar')).layout, (n) => n.type === 'form').length).toBeGreaterThan(0);
    expect((await c.login('delta')).body.kind).toBe('navigate');
    const quotas = await old('/groups-and-quotas');
    const card = findAll(quotas.layout, (n) => n.type === 'card' && String(n.id).startsWith('cota-'))[0];
    expect((await c.action('quotas/select', card.action.action.payload)).body).toMatchObject({ kind: 'navigate' });

    const home = await old('/home');
    expect(home.screen).toBe('home');
    // The way to cash billing survives the downgrade: some node of the old home still leads there.
    const leadsTo = (n: { action?: { type?: string; to?: string; action?: { type?: string; to?: string } } }) => {
      const a = n.action?.type ? n.action : n.action?.action;
      return a?.type === 'navigate' && String(a.to).startsWith('/faturamento');
    };
    expect(findAll(home.layout, leadsTo).length).toBeGreaterThan(0);
    // The shortcuts (1.1.0) came as their derived fallback: plain links, the slips among them.
    expect(findAll(home.layout, (n) => n.action?.type === 'navigate' && n.action.to === '/boletos').length).toBeGreaterThan(0);

    const slips = await old('/boletos');
    const generate = findAll(slips.layout, (n) => n.type === 'button' && n.action?.action === 'slips/generate')[0];
    expect(generate, screenText(slips)).toBeDefined();
    const generated = await c.action('slips/generate', generate.action.payload);
    expect(generated.body.kind).toBe('navigate');
    const slip = await old(generated.body.to);
    expect(findAll(slip.layout, (n) => n.id === 'linha-digitavel')[0].text).toMatch(/^\d{5}\.\d{5} /);

    const billing = await old('/faturamento');
    expect(billing).toMatchObject({ kind: 'redirect', to: '/faturamentoespecie/documento-rejeitado' });
    expect(screenText(await old(billing.to))).toContain('Documentos recusados');
    const attach = await old('/faturamentoespecie/anexar-documentos');
    const form = findAll(attach.layout, (n) => n.type === 'form')[0];
    expect(Object.keys(form.schema.properties)).toEqual(['contratoSocial', 'comprovanteEndereco']);
    const sent = await c.action(form.submit.action.action, { ...form.submit.action.payload, contratoSocial: [pdf(), pdf()], comprovanteEndereco: [pdf()] });
    expect(sent.body).toEqual({ kind: 'navigate', to: '/faturamento' });
    const after = await old('/faturamento');
    expect(after.to).toBe('/faturamentoespecie/analisandoinformacoes-pj');
    await old(after.to);

    // Today's renderer got newer components on this journey; renderer 1.0.0 got their fallbacks.
    expect([...replaced]).toEqual(expect.arrayContaining(['summary', 'shortcuts', 'status-pill']));
  });
});
