import { describe, expect, it } from 'vitest';
import { findAll } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';
import { staffClient } from '../helpers/staff-sign-in.js';

const stack = useStack();

describe('GET /api/screens?path=/ops/revisoes (the versions of each definition)', () => {
  it('lists each published version of a definition with who published it, when, who approved and the comment, newest first, leading to the definition', async () => {
    const c = await staffClient(stack.baseUrl, 'operacao');
    const base = stack.app.flows.version;
    const table = structuredClone(stack.app.flows.bundle.definitions.find((d) => d.id === 'refund-screen')) as unknown as { rows: Array<{ note?: string }> };
    table.rows[0]!.note = 'Nota revista pelas operações';
    expect((await c.action('ops/draft', { id: 'refund-screen', conteudo: JSON.stringify(table) })).body.kind).toBe('navigate');
    expect((await c.action('ops/publish', { comentario: 'Nota da primeira linha revista' })).body.kind).toBe('snackbar');

    const page = await c.screen('/ops/revisoes');
    expect(page.body).toMatchObject({ kind: 'screen', screen: 'ops-revisoes', title: 'Versões por definição' });
    const [versions] = findAll(page.body.layout, (n) => n.type === 'data-table');
    expect(versions.columns).toEqual(['Definição', 'Versão', 'Em serviço', 'Publicada em', 'Por', 'Aprovada por', 'Comentário']);
    const refund = versions.rows.filter((r: { keywords: string }) => r.keywords === 'refund-screen');
    // The newest first: the version just published, by the staff member, still in service; then the one it replaced, by the server.
    expect(refund[0].cells).toEqual(['Devolução: status → tela', `v${base + 1}`, `desde a v${base + 1}`, expect.stringMatching(/^\d\d\/\d\d\/\d{4} às \d\d:\d\d$/), 'operacao', 'sem aprovação', 'Nota da primeira linha revista']);
    expect(refund[1].cells[1]).toMatch(/^v\d+$/);
    expect(refund[1].cells[2]).toMatch(new RegExp(`^v\\d+( a v${base})?$`));
    expect(refund[1].cells[4]).toBe('servidor');
    expect(refund[0].action).toEqual({ type: 'navigate', to: '/ops/definicoes/refund-screen' });
    // The section it belongs to is marked in the console's navigation.
    const [nav] = findAll(page.body.layout, (n) => n.type === 'nav');
    expect(nav.links.filter((l: { current?: boolean }) => l.current).map((l: { label: string }) => l.label)).toEqual(['Versões por definição']);
    await c.action('ops/rollback', { versao: base, base: base + 1 });
  });

  it('is not there for someone not signed in to the console', async () => {
    const { consoleClient } = await import('../helpers/console-host.js');
    const visitor = consoleClient(stack.baseUrl);
    expect((await visitor.screen('/ops/revisoes')).body).toMatchObject({ kind: 'redirect', to: '/ops/entrar' });
  });
});
