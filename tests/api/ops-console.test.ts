import { describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { consoleClient } from '../helpers/console-host.js';
import { useStack } from '../helpers/stack.js';
import { staffClient as signedInStaff } from '../helpers/staff-sign-in.js';

const stack = useStack();

async function staff(login: string, _senha: string) {
  return signedInStaff(stack.baseUrl, login);
}
const publisher = () => staff('operacao', 'operacao-sandbox');
const viewer = () => staff('consulta', 'consulta-sandbox');

function refundDraft(c: ReturnType<typeof client>, change: (table: { rows: Array<{ when: Record<string, unknown>; then: unknown }> }) => void) {
  const table = structuredClone(stack.app.flows.bundle.definitions.find((d) => d.id === 'refund-screen')) as unknown as { rows: Array<{ when: Record<string, unknown>; then: unknown }> };
  change(table);
  return c.action('ops/draft', { id: 'refund-screen', conteudo: JSON.stringify(table) });
}

describe('operations console', () => {
  it('never lets a customer session in', async () => {
    const ana = client(stack.baseUrl);
    const login = await ana.login('ana');
    // On her partner's host there is no console at all.
    expect((await ana.screen('/ops')).body).toMatchObject({ kind: 'screen', screen: 'nao-encontrada' });
    expect((await ana.action('ops/publish', { comentario: 'x' })).status).toBe(404);
    // Her session cookie carried by hand to the console's host is no staff session there.
    const sid = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((line) => line.startsWith('sid='))!.split(';')[0]!;
    const carried = client(stack.baseUrl, 'ops.localhost', { cookie: sid });
    expect((await carried.screen('/ops')).body).toEqual({ schemaVersion: 1, kind: 'redirect', to: '/ops/entrar' });
    expect((await carried.action('ops/publish', { comentario: 'x' })).body).toEqual({ kind: 'navigate', to: '/ops/entrar', replace: true });
    expect((await carried.action('ops/rollback', { versao: 1, base: 1 })).body.to).toBe('/ops/entrar');
  });

  it('takes no password itself: staff sign in at the identity provider', async () => {
    expect((await consoleClient(stack.baseUrl).action('ops/login', { login: 'operacao', senha: 'operacao-sandbox' })).status).toBe(404);
  });

  it('shows a viewer every definition and a decision table as a table, but no way to publish', async () => {
    const c = await viewer();
    const overview = await c.screen('/ops');
    expect(screenText(overview.body)).toContain('Faturamento em espécie: status → tela');
    const page = await c.screen('/ops/definicoes/cash-billing-screen');
    const [table] = findAll(page.body.layout, (n) => n.type === 'table');
    expect(table.columns).toEqual(['#', 'Status', 'Caso de contemplação aberto', 'Tela', 'Nota']);
    expect(table.rows[0]).toEqual(['1', 'TRATATIVA_NAO_INICIADA', 'sim', '/faturamentoespecie/centralcontemplacao', '']);
    expect(table.rows.at(-1)[0]).toBe('padrão');
    expect(findAll(page.body.layout, (n) => n.type === 'form')).toEqual([]);
    const draft = await refundDraft(c, () => undefined);
    expect(draft.body.message).toMatch(/somente leitura/);
    expect((await c.action('ops/rollback', { versao: 1, base: 1 })).body.message).toMatch(/somente leitura/);
  });

  it('takes a publisher from edit to analyser report, diff and persona preview, then publish, history and rollback', async () => {
    const c = await publisher();
    const base = stack.app.flows.version;
    const draft = await refundDraft(c, (t) => {
      t.rows.find((r) => Array.isArray(r.when.status) && (r.when.status as string[]).includes('NAO_INICIADO'))!.then = '/devolucao/filiais';
    });
    expect(draft.body).toEqual({ kind: 'navigate', to: '/ops/rascunho' });

    const review = await c.screen('/ops/rascunho?persona=gustavo');
    const text = screenText(review.body);
    expect(text).toContain('Definições de fluxo: OK');
    expect(text).toContain('~ refund-screen.json.rows[1].then: "/devolucao/introducao" → "/devolucao/filiais"');
    const preview = findAll(review.body.layout, (n) => n.type === 'table' && n.caption === 'Decisões para gustavo')[0];
    const refundRow = preview.rows.find((r: string[]) => r[1] === 'refund-screen');
    expect(refundRow.slice(3)).toEqual(['/devolucao/introducao', '/devolucao/filiais (muda)']);
    expect(preview.rows.find((r: string[]) => r[1] === 'bid-wizard')[3]).toBe('type → builtin → reduction → summary → confirmation');

    const published = await c.action('ops/publish', { comentario: 'Devolução não iniciada vai para filiais' });
    expect(published.body).toEqual({ kind: 'snackbar', message: `Versão v${base + 1} publicada.`, to: '/ops/historico' });
    // A customer's screen (on the partner's host) is drawn by the new version.
    expect((await client(stack.baseUrl).screen('/login')).body.meta.definitions).toBe(`v${base + 1}`);
    const history = await c.screen('/ops/historico');
    const [versions] = findAll(history.body.layout, (n) => n.type === 'data-table' && n.id === 'versoes');
    const inService = versions.rows[0];
    expect(inService.cells.slice(0, 2)).toEqual([`v${base + 1} (em serviço)`, 'Devolução não iniciada vai para filiais']);
    // The version in service cannot be gone back to; the one before it can, by a control that names it.
    expect(inService.actions.map((a: { label: string }) => a.label)).not.toContain(`Voltar à versão ${base + 1}`);
    const previous = versions.rows.find((r: { id: string }) => r.id === `versao-${base}`);
    expect(previous.actions.at(-1)).toMatchObject({ label: `Voltar à versão ${base}`, action: { type: 'submit', action: 'ops/rollback', payload: { versao: base, base: base + 1 } } });
    const diff = await c.screen(inService.actions[0].action.to);
    expect(screenText(diff.body)).toContain('~ refund-screen.json.rows[1].then: "/devolucao/introducao" → "/devolucao/filiais"');

    const back = await c.action('ops/rollback', { versao: base, base: base + 1 });
    expect(back.body.message).toBe(`v${base} voltou a valer como v${base + 2}.`);
    expect(stack.app.flows.decide('refund-screen', { status: 'NAO_INICIADO' }).outcome).toBe('/devolucao/introducao');
  });

  it('refuses a broken draft with the analyser reason keyed by the row it concerns, and publishes nothing', async () => {
    const c = await publisher();
    const before = stack.app.flows.version;
    const res = await refundDraft(c, (t) => {
      t.rows[0]!.then = '/devolucao/inexistente';
    });
    expect(res.body.kind).toBe('field-errors');
    expect(res.body.errors['linha-1']).toContain('destino "/devolucao/inexistente" não é uma tela do catálogo da especificação');
    expect(res.body.message).toContain('Nada foi publicado');
    expect((await c.screen('/ops/rascunho')).body).toEqual({ schemaVersion: 1, kind: 'redirect', to: '/ops' });
    const attempt = await c.action('ops/publish', { comentario: 'quebrado' });
    expect(attempt.body.message).toBe('Não há rascunho em revisão.');
    expect(stack.app.flows.version).toBe(before);
  });

  it('offers a publisher the cell editor with pick lists from the vocabulary and the catalogue', async () => {
    const c = await publisher();
    const page = await c.screen('/ops/definicoes/cash-billing-screen');
    const [editor] = findAll(page.body.layout, (n) => n.type === 'table-editor');
    expect(editor.definition).toEqual(stack.app.flows.bundle.definitions.find((d) => d.id === 'cash-billing-screen'));
    expect(editor.inputs[0].options.map((o: { value: unknown }) => o.value)).toEqual(stack.app.flows.bundle.vocabulary.enums.cashBillingStatus);
    expect(editor.inputs[1].options.map((o: { label: string }) => o.label)).toEqual(['sim', 'não']);
    expect(editor.outputs[0].options.map((o: { value: unknown }) => o.value)).toEqual(stack.app.flows.bundle.vocabulary.screens);
    expect(editor.covers.map((o: { value: unknown }) => o.value)).toEqual(stack.app.flows.bundle.vocabulary.enums.cashBillingStatus);
    expect(editor.findings).toEqual({});
    const viewerPage = await (await viewer()).screen('/ops/definicoes/cash-billing-screen');
    expect(findAll(viewerPage.body.layout, (n) => n.type === 'table-editor')).toEqual([]);
  });

  it('analyses as the analyst edits: unmapped status on the default row, shadowed row, unknown target', async () => {
    const c = await publisher();
    const table = structuredClone(stack.app.flows.bundle.definitions.find((d) => d.id === 'cash-billing-screen')) as unknown as {
      rows: Array<{ when: Record<string, unknown>; then: unknown }>;
      default: { covers: string[] };
    };
    const sound = await c.action('ops/analisar', { id: 'cash-billing-screen', conteudo: JSON.stringify(table) });
    expect(sound.body).toEqual({ kind: 'field-errors', errors: {}, message: 'Analisador: sem problemas.' });
    table.default.covers = table.default.covers.filter((s) => s !== 'PRAZO_FINALIZADO');
    table.rows.splice(2, 0, { when: { status: 'TRATATIVA_NAO_INICIADA' }, then: '/home' });
    table.rows[3]!.then = '/tela-que-nao-existe';
    const res = await c.action('ops/analisar', { id: 'cash-billing-screen', conteudo: JSON.stringify(table) });
    expect(res.body.errors.padrao).toContain('valor "PRAZO_FINALIZADO" de "cashBillingStatus" não está mapeado nem coberto pelo padrão');
    expect(res.body.errors['linha-3']).toContain('linha nunca alcançada: a linha 2 já cobre todos os seus casos');
    expect(res.body.errors['linha-4']).toContain('não é uma tela do catálogo');
    expect(res.body.message).toBe('Analisador: 3 pontos a corrigir.');
  });

  it('refuses a tampered pick (a status or a target outside the lists) next to the field, and saves no draft', async () => {
    const c = await publisher();
    const table = structuredClone(stack.app.flows.bundle.definitions.find((d) => d.id === 'cash-billing-screen')) as unknown as { rows: Array<{ when: Record<string, unknown>; then: unknown }> };
    table.rows[5]!.when.status = 'STATUS_INVENTADO';
    table.rows[6]!.then = 'javascript:alert(1)';
    const res = await c.action('ops/draft', { id: 'cash-billing-screen', conteudo: JSON.stringify(table) });
    expect(res.body.kind).toBe('field-errors');
    expect(res.body.errors['linha-6']).toBe('valor "STATUS_INVENTADO" não pertence a "cashBillingStatus"');
    expect(res.body.errors['linha-7']).toContain('não é uma tela do catálogo');
    expect((await c.screen('/ops/rascunho')).body.kind).toBe('redirect');
    const renamed = await c.action('ops/draft', { id: 'cash-billing-screen', conteudo: JSON.stringify({ ...table, id: 'outra' }) });
    expect(renamed.body.errors.conteudo).toBe('O id da definição deve continuar "cash-billing-screen".');
  });

  it('refuses a publish based on a stale version: nothing is overwritten', async () => {
    const first = await publisher();
    const second = await staff('operacao', 'operacao-sandbox');
    const base = stack.app.flows.version;
    expect((await refundDraft(first, (t) => void ((t.rows[0] as { note?: string }).note = 'primeira'))).body.kind).toBe('navigate');
    expect((await refundDraft(second, (t) => void ((t.rows[0] as { note?: string }).note = 'segunda'))).body.kind).toBe('navigate');
    expect((await first.action('ops/publish', { comentario: 'primeira' })).body.kind).toBe('snackbar');
    const stale = await second.action('ops/publish', { comentario: 'segunda' });
    expect(stale.body.kind).toBe('error');
    expect(stale.body.message).toMatch(/Outra pessoa publicou/);
    expect(stack.app.flows.version).toBe(base + 1);
    expect((stack.app.flows.bundle.definitions.find((d) => d.id === 'refund-screen') as { rows: Array<{ note?: string }> }).rows[0]!.note).toBe('primeira');
    await first.action('ops/rollback', { versao: base, base: base + 1 });
  });

  it('refuses a draft that is not JSON, next to the field', async () => {
    const c = await publisher();
    const res = await c.action('ops/draft', { id: 'refund-screen', conteudo: '{ nada' });
    expect(res.body).toEqual({ kind: 'field-errors', errors: { conteudo: 'O conteúdo não é um JSON válido.' } });
  });
  it('draws the component gallery once per partner, in that partner’s theme, with a passing WCAG AA contrast report', async () => {
    const c = await viewer();
    const [sections] = findAll((await c.screen('/ops')).body.layout, (n) => n.type === 'nav');
    expect(sections.links.filter((l: { label: string; action: { to: string } }) => l.label === 'Galeria de componentes' && l.action.to === '/ops/galeria')).toHaveLength(1);
    const page = await c.screen('/ops/galeria');
    const previews = findAll(page.body.layout, (n) => n.type === 'theme-preview');
    expect(previews.map((p) => p.label)).toEqual(['Consórcio Aurora', 'Horizonte Consórcios']);
    expect(previews[1].theme.primary).toBe('#0B5FA5');
    const types = new Set(findAll(previews[0].items, () => true).map((n) => n.type));
    for (const type of ['heading', 'text', 'value', 'key-value', 'button', 'card', 'list', 'banner', 'form', 'stepper', 'table', 'shortcuts', 'chips', 'status-pill', 'summary', 'timeline', 'empty-state', 'skeleton', 'bottom-nav']) expect(types).toContain(type);
    for (const preview of previews) {
      const report = findAll(preview.items, (n) => n.type === 'table')[0];
      expect(report.caption).toContain('Contraste WCAG AA');
      expect(report.rows.map((r: string[]) => r[3])).not.toContain('falha');
    }
    expect((await c.action('ops/galeria-exemplo', {})).body).toEqual({ kind: 'snackbar', message: 'Exemplo da galeria: nada foi enviado.' });
  });
});

describe('operations console: what the customer sees', () => {
  it('draws, for a persona, the actual screen under the published version and under the draft, read-only in the partner theme', async () => {
    const c = await publisher();
    const table = structuredClone(stack.app.flows.bundle.definitions.find((d) => d.id === 'cash-billing-screen')) as unknown as { rows: Array<{ when: Record<string, unknown>; then: unknown }> };
    table.rows[6]!.then = '/faturamentoespecie/reanalise';
    expect((await c.action('ops/draft', { id: 'cash-billing-screen', conteudo: JSON.stringify(table) })).body.kind).toBe('navigate');
    const review = await c.screen('/ops/rascunho?persona=delta');
    const previews = findAll(review.body.layout, (n) => n.type === 'theme-preview');
    expect(previews.map((p) => p.label)).toEqual(['Publicada: /faturamentoespecie/documento-rejeitado', 'Rascunho: /faturamentoespecie/reanalise']);
    expect(previews.every((p) => p.readOnly === true && /^#/.test(p.theme.primary))).toBe(true);
    expect(screenText({ layout: previews[0].items })).toContain('Contrato social e última alteração');
    expect(screenText({ layout: previews[1].items })).toContain('Documentos adicionais');
    expect(screenText(review.body)).toContain('A tela muda: /faturamentoespecie/documento-rejeitado → /faturamentoespecie/reanalise.');
    // The draft decided only inside the preview: the version in service is untouched.
    expect(stack.app.flows.decide('cash-billing-screen', { status: 'PENDENCIA_CLIENTE', caseExists: true }).outcome).toBe('/faturamentoespecie/documento-rejeitado');
    await c.action('ops/discard', {});
  });
});

describe('operations console: texts and partner themes as versioned definitions', () => {
  it('publishes a text change that the login screen shows at once, and rolls it back', async () => {
    const c = await publisher();
    const base = stack.app.flows.version;
    const search = await c.action('ops/textos-busca', { busca: 'Bem-vindo ao' });
    expect(search.body).toEqual({ kind: 'navigate', to: '/ops/textos?busca=Bem-vindo%20ao' });
    expect(screenText((await c.screen('/ops/textos?busca=Bem-vindo%20ao')).body)).toContain('login.saudacao');
    const draft = await c.action('ops/texto', { chave: 'login.saudacao', texto: 'Que bom ver você no {{partner.name}}' });
    expect(draft.body).toEqual({ kind: 'navigate', to: '/ops/rascunho' });
    const review = await c.screen('/ops/rascunho?persona=ana');
    expect(screenText(review.body)).toContain('login.saudacao');
    const [published, drafted] = findAll(review.body.layout, (n) => n.type === 'theme-preview');
    expect([published.label, drafted.label]).toEqual(['Publicada: /login', 'Rascunho: /login']);
    expect(screenText({ layout: drafted.items })).toMatch(/Que bom ver você no \S/);
    expect(screenText({ layout: published.items })).not.toContain('Que bom ver você');
    expect((await c.action('ops/publish', { comentario: 'Saudação nova' })).body.kind).toBe('snackbar');
    const visitor = client(stack.baseUrl);
    expect(screenText((await visitor.screen('/login')).body)).toMatch(/Que bom ver você no \S/);
    await c.action('ops/rollback', { versao: base, base: base + 1 });
    expect(screenText((await visitor.screen('/login')).body)).not.toContain('Que bom ver você');
  });

  it('refuses a text with a broken or a missing placeholder, next to the field, publishing nothing', async () => {
    const c = await publisher();
    const before = stack.app.flows.version;
    const broken = await c.action('ops/texto', { chave: 'login.saudacao', texto: 'Bem-vindo ao {{partner.name' });
    expect(broken.body.errors).toEqual({ texto: 'marcador quebrado: use {{nome}}, com as chaves fechadas' });
    const missing = await c.action('ops/texto', { chave: 'login.saudacao', texto: 'Bem-vindo ao {{parceiro}}' });
    expect(missing.body.errors).toEqual({ texto: 'mantenha os marcadores {{partner.name}} (e só eles)' });
    const unknown = await c.action('ops/texto', { chave: 'nao.existe', texto: 'x' });
    expect(unknown.body.errors.texto).toMatch(/não existe/);
    expect((await c.screen('/ops/rascunho')).body.kind).toBe('redirect');
    expect(stack.app.flows.version).toBe(before);
  });

  it('refuses a colour that is not a colour and a theme without WCAG AA contrast, with the reason next to the field', async () => {
    const c = await publisher();
    const before = stack.app.flows.version;
    const notColour = await c.action('ops/tema', { parceiro: '1', primary: 'vermelho', onPrimary: '#FFFFFF' });
    expect(notColour.body.errors).toEqual({ primary: '"vermelho" não é uma cor: use #RRGGBB' });
    const unreadable = await c.action('ops/tema', { parceiro: '1', primary: '#FFEB3B', onPrimary: '#FFFFFF' });
    expect(unreadable.body.kind).toBe('field-errors');
    expect(unreadable.body.errors.onPrimary).toMatch(/^contraste entre texto sobre a primária e cor primária é 1,\d\d:1; o mínimo WCAG AA para texto é 4,5:1$/);
    expect(stack.app.flows.version).toBe(before);
  });

  it('publishes a readable partner theme that every screen of that partner carries', async () => {
    const c = await publisher();
    const base = stack.app.flows.version;
    const page = await c.screen('/ops/temas');
    expect(findAll(page.body.layout, (n) => n.type === 'form' && n.id === 'ops-tema-1')).toHaveLength(1);
    const draft = await c.action('ops/tema', { parceiro: '1', primary: '#1B4D3E', onPrimary: '#FFFFFF' });
    expect(draft.body).toEqual({ kind: 'navigate', to: '/ops/rascunho' });
    expect((await c.action('ops/publish', { comentario: 'Verde do parceiro' })).body.kind).toBe('snackbar');
    expect((await client(stack.baseUrl).screen('/login')).body.partner.theme.primary).toBe('#1B4D3E');
    await c.action('ops/rollback', { versao: base, base: base + 1 });
    expect((await client(stack.baseUrl).screen('/login')).body.partner.theme.primary).not.toBe('#1B4D3E');
  });
});

describe('operations console: card sets', () => {
  it('edits a card set with pick lists for label and target, and refuses a tampered label or a card a table still needs', async () => {
    const c = await publisher();
    const page = await c.screen('/ops/definicoes/refund-cards');
    const [form] = findAll(page.body.layout, (n) => n.id === 'ops-editar-cards');
    expect(form.schema.properties.cards.items.properties.label.enum).toEqual(stack.app.flows.bundle.vocabulary.cardLabels);
    expect(form.schema.properties.cards.items.properties.target.enum).toEqual(stack.app.flows.bundle.vocabulary.cardTargets);
    const cards = structuredClone(form.formData.cards) as Array<Record<string, string>>;

    const tampered = structuredClone(cards);
    tampered[0]!.label = 'Clique aqui';
    const refused = await c.action('ops/cards', { id: 'refund-cards', cards: tampered });
    expect(refused.body.kind).toBe('field-errors');
    expect(refused.body.message).toContain('rótulo "Clique aqui" fora da lista da especificação');

    const removed = await c.action('ops/cards', { id: 'refund-cards', cards: cards.slice(1) });
    expect(removed.body.message).toMatch(/card "devolucao-iniciar" não está definido/);
    expect((await c.screen('/ops/rascunho')).body.kind).toBe('redirect');

    const renamed = structuredClone(cards);
    renamed[0]!.title = 'Seus valores a devolver';
    expect((await c.action('ops/cards', { id: 'refund-cards', cards: renamed })).body).toEqual({ kind: 'navigate', to: '/ops/rascunho' });
    expect(screenText((await c.screen('/ops/rascunho')).body)).toContain('refund-cards.json.cards[0].title');
    await c.action('ops/discard', {});
  });
});

describe('operations console: wizards', () => {
  it('edits the bid wizard step by step with pick lists, and refuses a tampered pick with the reason on the step', async () => {
    const c = await publisher();
    const page = await c.screen('/ops/definicoes/bid-wizard');
    const [editor] = findAll(page.body.layout, (n) => n.type === 'table-editor');
    expect(editor.mode).toBe('wizard');
    expect(editor.outputs[0].options.map((o: { value: string }) => o.value)).toEqual(['type', 'builtin', 'fgts', 'keys', 'reduction', 'summary', 'confirmation']);
    expect(editor.inputs[0]).toEqual({ name: 'tipo', label: 'Tipo de cota', options: stack.app.flows.bundle.vocabulary.enums.quotaType!.map((v) => ({ value: v, label: String(v) })) });
    expect(editor.findings).toEqual({});
    const wizard = editor.definition as { steps: Array<Record<string, unknown>> };

    const unknownStep = structuredClone(wizard);
    unknownStep.steps[2]!.id = 'pix';
    const refused = await c.action('ops/draft', { id: 'bid-wizard', conteudo: JSON.stringify(unknownStep) });
    expect(refused.body.kind).toBe('field-errors');
    expect(refused.body.errors['linha-3']).toMatch(/passo "pix" não é um passo que o aplicativo conhece/);
    expect((await c.screen('/ops/rascunho')).body.kind).toBe('redirect');

    const unknownType = structuredClone(wizard);
    unknownType.steps[2]!.available = { eq: [{ var: 'tipo' }, 'barco'] };
    const analysed = await c.action('ops/analisar', { id: 'bid-wizard', conteudo: JSON.stringify(unknownType) });
    expect(analysed.body.errors['linha-3']).toMatch(/valor "barco" de "tipo" não pertence a "quotaType"/);

    const repeated = structuredClone(wizard);
    repeated.steps.splice(3, 0, structuredClone(repeated.steps[2]!));
    expect((await c.action('ops/analisar', { id: 'bid-wizard', conteudo: JSON.stringify(repeated) })).body.errors['linha-4']).toMatch(/passo "fgts" repetido/);

    const widened = structuredClone(wizard);
    widened.steps[2]!.available = { in: [{ var: 'tipo' }, ['imovel', 'servico']] };
    expect((await c.action('ops/draft', { id: 'bid-wizard', conteudo: JSON.stringify(widened) })).body).toEqual({ kind: 'navigate', to: '/ops/rascunho' });
    expect(screenText((await c.screen('/ops/rascunho')).body)).toContain('bid-wizard.json.steps[2].available');
    await c.action('ops/discard', {});
  });

  it('offers the catalogue routes for a wizard whose steps are screens, and refuses an unknown route', async () => {
    const c = await publisher();
    const [editor] = findAll((await c.screen('/ops/definicoes/post-sale-wizard')).body.layout, (n) => n.type === 'table-editor');
    expect(editor.outputs.map((o: { field: string }) => o.field)).toEqual(['id', 'route']);
    const wizard = structuredClone(editor.definition) as { steps: Array<Record<string, unknown>> };
    wizard.steps[0]!.route = '/nao-existe';
    const refused = await c.action('ops/draft', { id: 'post-sale-wizard', conteudo: JSON.stringify(wizard) });
    expect(refused.body.errors['linha-1']).toMatch(/rota "\/nao-existe" não é uma tela do catálogo/);
  });
});
