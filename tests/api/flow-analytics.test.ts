import { describe, expect, it } from 'vitest';
import { client, findAll } from '../helpers/api-client.js';
import { analysisPage, funnelCounts, staffClient, tableRows } from '../helpers/analysis.js';
import { useStack } from '../helpers/stack.js';

/** Counts are written when the console reads them (no timer), so every figure below is exact. */
const stack = useStack({ ANALYTICS_FLUSH_MS: '0' });

type C = ReturnType<typeof client>;
const CUT_OFF = 'O prazo para ofertar lance nesta assembleia terminou.';

/** One pass of ana through the bid wizard: a value under the minimum first when asked, a cut-off refusal at the end when asked. */
async function bid(c: C, options: { lowValueFirst: boolean; cutOff: boolean }) {
  const step = (passo: string, fields: Record<string, unknown> = {}) => c.action('bids/step', { passo, ...fields });
  await c.screen('/offers-and-bids-introduction');
  await c.screen('/offers-and-bids?passo=type');
  if (options.lowValueFirst) expect((await step('type', { modalidade: 'LL', tipoOferta: 'VL', valor: '4.249,99' })).body).toEqual({ kind: 'field-errors', errors: { valor: 'Este valor é menor que o lance mínimo' } });
  expect((await step('type', { modalidade: 'LL', tipoOferta: 'VL', valor: '20.000,00' })).body.to).toBe('/offers-and-bids?passo=builtin');
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
    const times = tableRows(page, 'Tempo até a etapa seguinte e falhas do back office em Lances');
    expect(times.find((r) => r.Etapa === 'Tipo de lance')).toMatchObject({ 'Medições': '11', 'Falhas do back office': '0' });
    expect(times.find((r) => r.Etapa === 'Tipo de lance')!['Tempo mediano']).toMatch(/^(menos de 1 s|\d+ s|\d+ min( \d+ s)?)$/);

    // Version against version: v1 of the bid wizard against v2, step by step.
    const compared = await analysisPage(staff, `/ops/analise?fluxo=lances&definicao=bid-wizard&a=1&b=${v2}`);
    const rows = Object.fromEntries(tableRows(compared, `Assistente de oferta de lance: v1 contra v${v2}`).map((r) => [r.Etapa, r]));
    expect(rows['Tipo de lance']).toMatchObject({ 'Chegaram (v1)': '6', [`Chegaram (v${v2})`]: '5', 'Concluíram (v1)': '6 (100%)', [`Concluíram (v${v2})`]: '5 (100%)', 'Diferença na conclusão': 'igual' });
    expect(rows['Resumo da oferta']).toMatchObject({ 'Chegaram (v1)': '6', [`Chegaram (v${v2})`]: '5', 'Concluíram (v1)': '5 (83,3%)', [`Concluíram (v${v2})`]: '5 (100%)', 'Diferença na conclusão': '+16,7 p.p.' });
    expect(rows['Confirmação']).toMatchObject({ 'Chegaram (v1)': '5', [`Chegaram (v${v2})`]: '5' });

    // The history links each published version to its own figures.
    const history = (await staff.screen('/ops/historico')).body;
    const link = findAll(history.layout, (n) => n.type === 'button' && n.label === `Números de Lances com a v${v2}`)[0];
    expect(link.action.to).toBe(`/ops/analise?fluxo=lances&definicao=bid-wizard&versao=${v2}`);
    const since = await analysisPage(staff, link.action.to);
    expect(funnelCounts(since, 'Lances')['Tipo de lance']).toEqual(['5', '5', '0']);
    expect(findAll(since.layout, (n) => n.type === 'table' && n.caption === 'Recusas em “Tipo de lance”')).toHaveLength(0);
  });
});
