import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { client, findAll } from '../helpers/api-client.js';
import { analysisPage, funnelCounts, staffClient, tableRows } from '../helpers/analysis.js';
import { consoleClient } from '../helpers/console-host.js';
import { useStack } from '../helpers/stack.js';
import { openAsSpreadsheet, spreadsheetNumber } from '../helpers/spreadsheet.js';

/** Counts are written when the console reads them (no timer), so every figure below is exact. */
const stack = useStack({ ANALYTICS_FLUSH_MS: '0' });

type C = ReturnType<typeof client>;
const CUT_OFF = 'O prazo para ofertar lance nesta assembleia terminou.';

let passes = 0;

/**
 * One pass of ana through the bid wizard: a value under the minimum first when asked, a cut-off
 * refusal at the end when asked. Each pass offers its own value: the same offer confirmed again is
 * the same move, answered once.
 */
async function bid(c: C, options: { lowValueFirst: boolean; cutOff: boolean }) {
  const value = `20.${String(++passes).padStart(3, '0')},00`;
  const step = (passo: string, fields: Record<string, unknown> = {}) => c.action('bids/step', { passo, ...fields });
  await c.screen('/offers-and-bids-introduction');
  await c.screen('/offers-and-bids?passo=type');
  if (options.lowValueFirst) expect((await step('type', { modalidade: 'LL', tipoOferta: 'VL', valor: '4.249,99' })).body).toEqual({ kind: 'field-errors', errors: { valor: 'Este valor é menor que o lance mínimo' } });
  expect((await step('type', { modalidade: 'LL', tipoOferta: 'VL', valor: value })).body.to).toBe('/offers-and-bids?passo=builtin');
  await c.screen('/offers-and-bids?passo=builtin');
  expect((await step('builtin', {})).body.to).toBe('/offers-and-bids?passo=keys');
  await c.screen('/offers-and-bids?passo=keys');
  expect((await step('keys', { trocaChaves: false })).body.to).toBe('/offers-and-bids?passo=reduction');
  await c.screen('/offers-and-bids?passo=reduction');
  expect((await step('reduction', { tipoAmortizacao: 'PRAZO' })).body.to).toBe('/offers-and-bids?passo=summary');
  await c.screen('/offers-and-bids?passo=summary');
  if (options.cutOff) {
    await stack.sandbox.fault({ method: 'POST', path: 'cotas/*', status: 400, times: 1, body: { message: CUT_OFF } });
    expect((await c.action('bids/confirm')).body).toMatchObject({ kind: 'error', message: CUT_OFF });
    await stack.sandbox.clearFaults();
    return;
  }
  expect((await c.action('bids/confirm')).body.to).toBe('/offers-and-bids?passo=confirmation');
  await c.screen('/offers-and-bids?passo=confirmation');
}

describe('the funnels', () => {
  it('name only actions the server answers as the ones that leave a step', () => {
    const names = new Set(stack.app.actions.names());
    const leaving = stack.app.analytics.funnels.flows.flatMap((f) => f.steps.flatMap((s) => s.leaves.map((a) => a.split('?')[0]!)));
    expect(leaving.filter((a) => !names.has(a))).toEqual([]);
  });
});

describe('the filters', () => {
  it('become the page’s address, a day not written AAAA-MM-DD or a single day refused next to its field; no staff session, no page', async () => {
    const staff = await staffClient(stack.baseUrl);
    expect((await staff.action('ops/analise-filtros', { fluxo: 'lances', periodo: '90', de: '', ate: '', parceiro: 'todos', plataforma: 'ios' })).body).toEqual({ kind: 'navigate', to: '/ops/analise?fluxo=lances&periodo=90&plataforma=ios' });
    expect((await staff.action('ops/analise-filtros', { fluxo: 'lances', de: '2026-11-01', ate: '2026-11-20', parceiro: '68' })).body).toEqual({ kind: 'navigate', to: '/ops/analise?fluxo=lances&de=2026-11-01&ate=2026-11-20&parceiro=68' });
    expect((await staff.action('ops/analise-filtros', { fluxo: 'lances', de: '01/11/2026', ate: '2026-11-20' })).body).toEqual({ kind: 'field-errors', errors: { de: 'Use uma data no formato AAAA-MM-DD.' } });
    expect((await staff.action('ops/analise-filtros', { fluxo: 'lances', de: '2026-11-01' })).body).toEqual({ kind: 'field-errors', errors: { ate: 'Informe as duas datas, ou nenhuma para usar o período.' } });
    expect((await staff.action('ops/analise-comparar', { fluxo: 'lances', definicao: 'bid-wizard', a: 2, b: 2 })).body).toEqual({ kind: 'field-errors', errors: { b: 'Escolha duas versões diferentes.' } });
    expect((await staff.action('ops/analise-comparar', { fluxo: 'lances', definicao: 'bid-wizard', a: 3, b: 1 })).body).toEqual({ kind: 'navigate', to: '/ops/analise?fluxo=lances&definicao=bid-wizard&a=1&b=3' });
    // A renderer older than the chart (1.1.0) gets the table alone: the chart names it, so it is dropped.
    const older = (await staff.screen('/ops/analise?fluxo=lances', { 'x-renderer-version': '1.1.0' })).body;
    expect(findAll(older.layout, (n) => n.type === 'bar-chart')).toHaveLength(0);
    expect(findAll(older.layout, (n) => n.type === 'table' && n.caption === 'Etapas de Lances')).toHaveLength(1);
    const visitor = await consoleClient(stack.baseUrl).screen('/ops/analise?fluxo=lances');
    expect(visitor.body).toMatchObject({ kind: 'redirect', to: '/ops/entrar' });
  });
});

describe('the bid wizard, counted step by step and version by version', () => {
  it('shows the analyst ana’s passes through the bid wizard: reached, concluded, given up, refusals most frequent first, and the split between two published versions', async () => {
    const ana = client(stack.baseUrl);
    await ana.loginWithQuota('ana');
    // Version 1: six passes, each first refused for a value under the minimum; the last refused at the cut-off.
    for (let i = 0; i < 6; i++) await bid(ana, { lowValueFirst: true, cutOff: i === 5 });

    // An analyst renames the summary step: version 2.
    const files = structuredClone(stack.app.flows.files) as Record<string, { steps: Array<{ id: string; label: string }> }>;
    files['bid-wizard.json']!.steps.find((s) => s.id === 'summary')!.label = 'Resumo da oferta';
    const published = await stack.app.flows.publish({ files, author: 'operacao', comment: 'Resumo com outro nome', baseVersion: stack.app.flows.version });
    const v2 = published.version;
    for (let i = 0; i < 5; i++) await bid(ana, { lowValueFirst: false, cutOff: false });

    const staff = await staffClient(stack.baseUrl);
    const page = await analysisPage(staff, '/ops/analise?fluxo=lances');
    expect(findAll(page.layout, (n) => n.type === 'chips')[0].options.map((o: { label: string }) => o.label)).toEqual([
      'Lances',
      'Faturamento em espécie',
      'Contemplação',
      'Faturamento de veículo 0 km',
      'Faturamento de veículo seminovo',
      'Devolução',
      'Pós-venda',
      'Reativação',
    ]);
    expect(tableRows(page, 'Etapas de Lances')[0]).toHaveProperty('Tempo mediano');
    expect(findAll(page.layout, (n) => n.type === 'table' && n.caption === 'Etapas de Lances')[0].columns).toEqual(['Etapa', 'Chegaram', 'Concluíram', 'Desistiram', 'Tempo mediano']);
    // The step names are those of the version in service: the summary is now "Resumo da oferta".
    expect(funnelCounts(page, 'Lances')).toEqual({
      'Introdução': ['11', '11', '0'],
      'Tipo de lance': ['11', '11', '0'],
      'Lance embutido': ['11', '11', '0'],
      FGTS: ['0', '0', '0'],
      'Troca de chaves': ['11', '11', '0'],
      'Redução': ['11', '11', '0'],
      'Resumo da oferta': ['11', '10', '< 5'],
      'Confirmação': ['10', '10', '0'],
    });
    // The bars are the same figures, the table named as their accessible alternative.
    const chart = findAll(page.layout, (n) => n.type === 'bar-chart')[0];
    expect(chart).toMatchObject({ label: 'Funil de Lances', table: 'Etapas de Lances', series: [{ label: 'Chegaram' }, { label: 'Concluíram' }] });
    expect(chart.bars.find((b: { label: string }) => b.label === 'Resumo da oferta')).toEqual({ label: 'Resumo da oferta', values: [11, 10], texts: ['11', '10'] });

    expect(tableRows(page, 'Recusas em “Tipo de lance”')).toEqual([{ Campo: stack.app.text('lances.campo.valor-oferta'), Motivo: 'Este valor é menor que o lance mínimo', Vezes: '6' }]);
    expect(tableRows(page, 'Recusas em “Resumo da oferta”')).toEqual([{ Campo: 'Mensagem geral', Motivo: CUT_OFF, Vezes: '< 5' }]);
    const times = tableRows(page, 'Tempo até a etapa seguinte e falhas do sistema da administradora em Lances');
    expect(times.find((r) => r.Etapa === 'Tipo de lance')).toMatchObject({ 'Medições': '11', 'Falhas do sistema da administradora': '0' });
    expect(times.find((r) => r.Etapa === 'Tipo de lance')!['Tempo mediano']).toMatch(/^(menos de 1 s|\d+ s|\d+ min( \d+ s)?)$/);

    // Version against version: v1 of the bid wizard against v2, step by step.
    const compared = await analysisPage(staff, `/ops/analise?fluxo=lances&definicao=bid-wizard&a=1&b=${v2}`);
    const rows = Object.fromEntries(tableRows(compared, `Assistente de oferta de lance: v1 contra v${v2}`).map((r) => [r.Etapa, r]));
    expect(rows['Tipo de lance']).toMatchObject({ 'Chegaram (v1)': '6', [`Chegaram (v${v2})`]: '5', 'Concluíram (v1)': '6 (100%)', [`Concluíram (v${v2})`]: '5 (100%)', 'Diferença na conclusão': 'igual' });
    expect(rows['Resumo da oferta']).toMatchObject({ 'Chegaram (v1)': '6', [`Chegaram (v${v2})`]: '5', 'Concluíram (v1)': '5 (83,3%)', [`Concluíram (v${v2})`]: '5 (100%)', 'Diferença na conclusão': '+16,7 p.p.' });
    expect(rows['Confirmação']).toMatchObject({ 'Chegaram (v1)': '5', [`Chegaram (v${v2})`]: '5' });

    // The history links each published version to its own figures.
    const history = (await staff.screen('/ops/historico')).body;
    const versionRows = findAll(history.layout, (n) => n.type === 'data-table' && n.id === 'versoes')[0].rows as Array<{ actions: Array<{ label: string; accessibleName?: string; action: { to: string } }> }>;
    const link = versionRows.flatMap((r) => r.actions).find((a) => a.accessibleName === `Números de Lances com a versão ${v2}`)!;
    expect(link.label).toBe('Números de Lances');
    expect(link.action.to).toBe(`/ops/analise?fluxo=lances&definicao=bid-wizard&versao=${v2}`);
    const since = await analysisPage(staff, link.action.to);
    expect(funnelCounts(since, 'Lances')['Tipo de lance']).toEqual(['5', '5', '0']);
    expect(findAll(since.layout, (n) => n.type === 'table' && n.caption === 'Recusas em “Tipo de lance”')).toHaveLength(0);
  });
});

const pdf = () => `data:application/pdf;name=doc.pdf;base64,${Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 32)]).toString('base64')}`;
const renamed = `data:application/pdf;name=falso.pdf;base64,${Buffer.from('só texto com nome de pdf').toString('base64')}`;

describe('cash billing: a document refused by the analysis, a resend refused by the form, then sent', () => {
  it('counts for the analyst each document refused as illegible and each field refused on the resend, and the step that follows', async () => {
    for (let i = 0; i < 5; i++) {
      await stack.sandbox.reset();
      const delta = client(stack.baseUrl);
      await delta.loginWithQuota('delta');
      const start = await delta.screen('/faturamento');
      expect(start.body.to).toBe('/faturamentoespecie/documento-rejeitado');
      await delta.screen(start.body.to);
      await delta.screen('/faturamentoespecie/anexar-documentos');
      expect((await delta.action('cash-billing/documents', { contratoSocial: [renamed], comprovanteEndereco: [] })).body.kind).toBe('field-errors');
      expect((await delta.action('cash-billing/documents', { contratoSocial: [pdf(), pdf()], comprovanteEndereco: [pdf()] })).body).toEqual({ kind: 'navigate', to: '/faturamento' });
      const next = await delta.screen('/faturamento');
      expect(next.body.to).toBe('/faturamentoespecie/analisandoinformacoes-pj');
      await delta.screen(next.body.to);
    }
    const staff = await staffClient(stack.baseUrl);
    const page = await analysisPage(staff, '/ops/analise?fluxo=faturamento-especie');
    expect(funnelCounts(page, 'Faturamento em espécie')).toEqual({
      'Início': ['0', '0', '0'],
      'Como funciona': ['0', '0', '0'],
      'Central da contemplação': ['0', '0', '0'],
      'Identificação': ['0', '0', '0'],
      'Envio de documentos': ['5', '5', '0'],
      'Análise': ['5', '5', '0'],
      'Documentos recusados': ['5', '5', '0'],
      'Ajuste cadastral': ['0', '0', '0'],
      'Dados bancários': ['0', '0', '0'],
      'Termo de autorização': ['0', '0', '0'],
      'Acompanhar pagamento': ['0', '0', '0'],
    });
    expect(tableRows(page, 'Recusas em “Documentos recusados”')).toEqual([
      { Campo: 'Comprovante de endereço da empresa (até 60 dias)', Motivo: 'Documento ilegível na análise', Vezes: '5' },
      { Campo: 'Contrato social e última alteração', Motivo: 'Documento ilegível na análise', Vezes: '5' },
    ]);
    // A file is read by its bytes before the form's other checks: the renamed file is the refusal.
    expect(tableRows(page, 'Recusas em “Envio de documentos”')).toEqual([
      { Campo: 'Contrato social e última alteração', Motivo: 'O formato do arquivo utilizado não atende o requisito, por favor verifique!', Vezes: '5' },
    ]);

    // The same figures as a spreadsheet in Brazilian Portuguese opens them: columns at `;`, counts as numbers, dates DD/MM/AAAA.
    const csv = await staff.get('/api/ops/analise.csv?fluxo=faturamento-especie');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = openAsSpreadsheet(csv.text);
    expect(Object.keys(rows[0]!)).toEqual(['registro', 'fluxo', 'etapa', 'ordem', 'periodo_de', 'periodo_ate', 'parceiro', 'plataforma', 'chegaram', 'concluiram', 'desistiram', 'tempo_mediano_segundos', 'tempo_p90_segundos', 'medicoes', 'falhas_sistema_administradora', 'campo', 'motivo', 'vezes']);
    const upload = rows.find((r) => r.registro === 'etapa' && r.etapa === 'Envio de documentos')!;
    expect(upload).toMatchObject({ fluxo: 'Faturamento em espécie', ordem: '5', parceiro: 'todos', plataforma: 'todas', chegaram: '5', concluiram: '5', desistiram: '0' });
    expect(upload.periodo_de).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(upload.periodo_ate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    // A time is a number of seconds a spreadsheet adds up: a decimal comma, no thousands dot.
    const times = rows.flatMap((r) => [r.tempo_mediano_segundos, r.tempo_p90_segundos]).filter((cell) => cell);
    expect(times.length).toBeGreaterThan(0);
    for (const cell of times) expect(spreadsheetNumber(cell!)).toBeTypeOf('number');
    expect(rows.filter((r) => r.registro === 'recusa' && r.motivo === 'Documento ilegível na análise' && r.vezes === '5')).toHaveLength(2);
    expect((await consoleClient(stack.baseUrl).get('/api/ops/analise.csv')).status).toBe(401);

    // Filtered by another partner and by a platform nobody used: nothing.
    const horizonte = await analysisPage(staff, '/ops/analise?fluxo=faturamento-especie&parceiro=68');
    expect(funnelCounts(horizonte, 'Faturamento em espécie')['Envio de documentos']).toEqual(['0', '0', '0']);
    const android = await analysisPage(staff, '/ops/analise?fluxo=faturamento-especie&plataforma=android');
    expect(funnelCounts(android, 'Faturamento em espécie')['Envio de documentos']).toEqual(['0', '0', '0']);
  });
});

describe('post-sale: a wrong answer to the security question', () => {
  it('counts the wrong answer as a refusal of the year, the right one as the step concluded, and a block as no way forward', async () => {
    const igor = async () => {
      await stack.sandbox.reset();
      const c = client(stack.baseUrl);
      await c.loginWithQuota('igor');
      await c.screen('/pos-venda');
      expect((await c.action('post-sale/advance', { passo: 'boas-vindas' })).body.to).toBe('/pos-venda/validacao-seguranca');
      await c.screen('/pos-venda/validacao-seguranca');
      expect((await c.action('post-sale/security', { ano: '1999' })).body.errors).toEqual({ ano: 'Informação incorreta.' });
      return c;
    };
    for (let i = 0; i < 5; i++) {
      const c = await igor();
      expect((await c.action('post-sale/security', { ano: '2000' })).body).toEqual({ kind: 'navigate', to: '/pos-venda/dados-cadastrais' });
      await c.screen('/pos-venda/dados-cadastrais');
    }
    // A sixth customer answers wrong twice: blocked, sent to the call-back (a detour, not a way forward).
    const blocked = await igor();
    expect((await blocked.action('post-sale/security', { ano: '1998' })).body.to).toBe('/pos-venda/desvio-manual?motivo=seguranca');
    await blocked.screen('/pos-venda/desvio-manual?motivo=seguranca');

    const staff = await staffClient(stack.baseUrl);
    const page = await analysisPage(staff, '/ops/analise?fluxo=pos-venda');
    const counts = funnelCounts(page, 'Pós-venda');
    expect(counts['Boas-vindas']).toEqual(['6', '6', '0']);
    expect(counts['Validação de segurança']).toEqual(['6', '5', '< 5']);
    expect(counts['Dados cadastrais']).toEqual(['5', '0', '5']);
    expect(counts['Atendimento por telefone']).toEqual(['< 5', '0', '< 5']);
    expect(tableRows(page, 'Recusas em “Validação de segurança”')).toEqual([{ Campo: 'Ano (4 dígitos)', Motivo: 'Informação incorreta.', Vezes: '6' }]);
  });
});

describe('from publish to effect', () => {
  it('shows, on the review of a bid-wizard draft, the current figures of the steps it changes', async () => {
    const publisher = await staffClient(stack.baseUrl, 'operacao', 'operacao-sandbox');
    const wizard = structuredClone(stack.app.flows.bundle.definitions.find((d) => d.id === 'bid-wizard')) as { steps: Array<{ id: string; label: string }> };
    wizard.steps.find((s) => s.id === 'keys')!.label = 'Troca das chaves';
    expect((await publisher.action('ops/draft', { id: 'bid-wizard', conteudo: JSON.stringify(wizard) })).body).toEqual({ kind: 'navigate', to: '/ops/rascunho' });
    const review = (await publisher.screen('/ops/rascunho')).body;
    expect(findAll(review.layout, (n) => n.type === 'heading' && n.text === 'Números atuais das etapas que o rascunho muda')).toHaveLength(1);
    expect(tableRows(review, 'Lances: etapas que mudam')).toEqual([{ Etapa: 'Troca de chaves', Chegaram: '11', 'Concluíram': '11', Desistiram: '0', 'Tempo mediano': expect.any(String) }]);
    await publisher.action('ops/discard');
  });

  it('does not count the screens the console previews for a persona', async () => {
    const publisher = await staffClient(stack.baseUrl, 'operacao', 'operacao-sandbox');
    const table = structuredClone(stack.app.flows.bundle.definitions.find((d) => d.id === 'cash-billing-screen'));
    expect((await publisher.action('ops/draft', { id: 'cash-billing-screen', conteudo: JSON.stringify(table) })).body.kind).toBe('navigate');
    const staff = await staffClient(stack.baseUrl);
    const before = funnelCounts(await analysisPage(staff, '/ops/analise?fluxo=faturamento-especie'), 'Faturamento em espécie');
    await stack.sandbox.reset();
    const review = (await publisher.screen('/ops/rascunho?persona=delta')).body;
    expect(findAll(review.layout, (n) => n.type === 'theme-preview')).toHaveLength(2);
    const after = funnelCounts(await analysisPage(staff, '/ops/analise?fluxo=faturamento-especie'), 'Faturamento em espécie');
    expect(after).toEqual(before);
    await publisher.action('ops/discard');
  });
});

describe('how long counts are kept', () => {
  it('removes the days more than 13 months old and keeps the rest', async () => {
    const today = stack.app.analytics.today();
    const daysAgo = (months: number, days = 0) => dayjs(today).subtract(months, 'month').subtract(days, 'day').format('YYYY-MM-DD');
    for (const day of [daysAgo(13, 1), daysAgo(13), daysAgo(12, 27)]) {
      await stack.app.db.query("INSERT INTO analytics_steps (day, flow, step, version, partner, platform, arrivals) VALUES ($1::date, 'retencao', 'x', 1, 1, 'web', 1)", [day]);
      await stack.app.db.query("INSERT INTO analytics_refusals (day, flow, step, version, partner, platform, field, reason, count) VALUES ($1::date, 'retencao', 'x', 1, 1, 'web', 'f', 'r', 1)", [day]);
    }
    expect(await stack.app.analytics.purgeExpired()).toBe(2);
    const left = await stack.app.db.query<{ day: string }>("SELECT to_char(day, 'YYYY-MM-DD') AS day FROM analytics_steps WHERE flow = 'retencao' ORDER BY day");
    expect(left.map((r) => r.day)).toEqual([daysAgo(13), daysAgo(12, 27)]);
  });
});
