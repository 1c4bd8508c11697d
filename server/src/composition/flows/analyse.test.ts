import { describe, expect, it } from 'vitest';
import type { DecisionTable, FlowBundle } from '../../../../screens/contract/flows.js';
import { analysisContext, loadDefinitions } from '../definitions.js';
import { analyse, formatReport } from './analyse.js';

const definitions = loadDefinitions();
const context = analysisContext(definitions);

/** A deep copy of the shipped bundle with one table changed. */
function withTable(id: string, change: (table: DecisionTable) => void): FlowBundle {
  const bundle = structuredClone(definitions.flows);
  const table = bundle.definitions.find((d): d is DecisionTable => d.kind === 'decision-table' && d.id === id)!;
  change(table);
  return bundle;
}

const errors = (bundle: FlowBundle, ctx = context) => analyse(bundle, ctx).findings.filter((f) => f.level === 'erro').map((f) => `${f.where}: ${f.message}`);

describe('flow analyser', () => {
  it('passes the shipped definitions, with warnings for targets not served yet', () => {
    const report = analyse(definitions.flows, context);
    expect(report.ok).toBe(true);
    // The cash-billing and refund screens are served (no warning).
    expect(report.findings.some((f) => f.message.includes('refund-screen'))).toBe(false);
    expect(report.findings.some((f) => f.message.includes('/faturamentoespecie/centralcontemplacao'))).toBe(false);
  });

  it('catches an unmapped status', () => {
    const bundle = withTable('cash-billing-screen', (t) => {
      t.default.covers = t.default.covers.filter((s) => s !== 'PRAZO_FINALIZADO');
    });
    expect(errors(bundle)).toEqual(['tabela cash-billing-screen: valor "PRAZO_FINALIZADO" de "cashBillingStatus" não está mapeado nem coberto pelo padrão']);
  });

  it('catches a status that does not exist (a typo)', () => {
    const bundle = withTable('refund-screen', (t) => {
      t.rows[1]!.when.status = ['NAO_INICIADO', 'PRAZO_FINALISADO'];
    });
    expect(errors(bundle)).toContain('tabela refund-screen, linha 2: valor "PRAZO_FINALISADO" não pertence a "refundStatus"');
  });

  it('catches a missing target screen', () => {
    const bundle = withTable('awarded-flow-screen', (t) => {
      t.rows[0]!.then = '/contemplado/nao-existe';
    });
    expect(errors(bundle)).toEqual(['tabela awarded-flow-screen, linha 1: destino "/contemplado/nao-existe" não é uma tela do catálogo da especificação']);
  });

  it('catches a card that is not defined and a card label outside the spec list', () => {
    const bundle = withTable('cash-billing-card', (t) => {
      t.rows[0]!.then = 'card-inexistente';
    });
    const set = bundle.definitions.find((d) => d.kind === 'cards' && d.id === 'cash-billing-cards')!;
    if (set.kind === 'cards') set.cards[0]!.label = 'Clique aqui';
    expect(errors(bundle)).toEqual([
      'cards cash-billing-cards, card especie-iniciar: rótulo "Clique aqui" fora da lista da especificação',
      'tabela cash-billing-card, linha 1: card "card-inexistente" não está definido',
    ]);
  });

  it('catches a shadowed row', () => {
    const bundle = withTable('cash-billing-screen', (t) => {
      // An unconditional TRATATIVA_NAO_INICIADA row first hides the case-exists row after it.
      t.rows.unshift({ when: { status: 'TRATATIVA_NAO_INICIADA' }, then: '/faturamento/iniciar' });
    });
    expect(errors(bundle)).toContain('tabela cash-billing-screen, linha 2: linha nunca alcançada: a linha 1 já cobre todos os seus casos');
  });

  it('catches a row shadowed through a wildcard over a finite enumeration', () => {
    const bundle = withTable('guard', (t) => {
      t.rows.unshift({ when: { authenticated: false }, then: 'login' });
    });
    expect(errors(bundle)).toEqual(expect.arrayContaining([expect.stringMatching(/linha \d+: linha nunca alcançada: a linha 1 /)]));
  });

  it('catches an unreachable screen', () => {
    const ctx = { ...context, layouts: [...context.layouts, 'tela-esquecida'] };
    expect(errors(definitions.flows, ctx)).toEqual(['layout tela-esquecida: tela inalcançável: nenhuma rota leva a ela']);
  });

  it('prints a readable report', () => {
    const bundle = withTable('cash-billing-screen', (t) => {
      t.default.covers = [];
    });
    const text = formatReport(analyse(bundle, context));
    expect(text).toMatch(/^Definições de fluxo: 7 erros/);
    expect(text).toContain('ERRO  tabela cash-billing-screen: valor "AGUARDANDO_PAGAMENTO"');
  });
});
