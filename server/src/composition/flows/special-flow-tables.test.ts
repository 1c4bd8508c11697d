import { describe, expect, it } from 'vitest';
import type { DecisionTable, Wizard } from '../../../../screens/contract/flows.js';
import { loadDefinitions } from '../definitions.js';
import { postSaleInputs, reactivationInputs } from '../../domain/special-flows.js';
import { decide } from './decide.js';

/** The special flows' tables, row by row, as the spec writes them (doc 2 §2.8, §4.7, §4.8, §9). */
const { flows } = loadDefinitions();
const table = (id: string) => flows.definitions.find((d): d is DecisionTable => d.kind === 'decision-table' && d.id === id)!;

describe('post-sale card (doc 2 §4.7)', () => {
  const card = (kase: { Status: string; Fase__c: string; Description?: string }, tipo = 'atendimento pos-venda') => decide(table('post-sale-card'), { tipo, ...postSaleInputs(kase) }).outcome;
  const expected: Array<[string, string]> = [
    ['e-mail enviado', 'pos-venda-iniciar'],
    ['Confirmação Pendente', 'pos-venda-boletos'],
    ['Regras Pendente', 'pos-venda-entendimento'],
    ['Confirmação do Plano Pendente', 'pos-venda-venda'],
    ['Informação de Lance', 'pos-venda-tipos-lance'],
    ['Informações Importantes', 'pos-venda-informacoes-finais'],
  ];
  for (const [phase, id] of expected) {
    it(`shows ${id} in phase '${phase}', em andamento or escalado`, () => {
      expect(card({ Status: 'EM_ANDAMENTO', Fase__c: phase })).toMatchObject({ card: id, notificacao: phase === 'e-mail enviado' });
      expect(card({ Status: 'Escalado', Fase__c: phase })).toMatchObject({ card: id });
    });
  }
  it("hides it in 'confirmação pendente' when the description starts with 'etapa 2'", () => {
    expect(card({ Status: 'EM_ANDAMENTO', Fase__c: 'Confirmação Pendente', Description: 'Etapa 2 - boletos' })).toBeNull();
    expect(card({ Status: 'EM_ANDAMENTO', Fase__c: 'Confirmação Pendente', Description: 'etapa 1' })).toMatchObject({ card: 'pos-venda-boletos' });
  });
  it('shows nothing for an unknown phase, another status or another case type', () => {
    expect(card({ Status: 'EM_ANDAMENTO', Fase__c: 'Triagem em Andamento' })).toBeNull();
    expect(card({ Status: 'FECHADO', Fase__c: 'e-mail enviado' })).toBeNull();
    expect(card({ Status: 'EM_ANDAMENTO', Fase__c: 'e-mail enviado' }, 'atualizacao cadastral')).toBeNull();
  });
});

describe('reactivation card (doc 2 §4.8, §9)', () => {
  const quota = { situacaoCota: 'CANCELADO', dataContemplacao: '1900-01-01', prazo: 80, assembleiaAtual: 30, parcelasPagas: 6 };
  const shown = (over: Partial<typeof quota> = {}, cases: Array<{ Status: string }> = []) => decide(table('reactivation-card'), reactivationInputs({ ...quota, ...over }, cases, '2026-11-23')).outcome === 'reativacao';
  it('shows for a cancelled, not contemplated quota with assembly ≤ total − 5 and a paid instalment', () => expect(shown()).toBe(true));
  it('shows at assembly = total − 5, not at total − 4', () => {
    expect(shown({ assembleiaAtual: 75 })).toBe(true);
    expect(shown({ assembleiaAtual: 76 })).toBe(false);
  });
  it('needs at least one paid instalment', () => expect(shown({ parcelasPagas: 0 })).toBe(false));
  it('not for a quota that is not cancelled or is contemplated', () => {
    expect(shown({ situacaoCota: 'NORMAL' })).toBe(false);
    expect(shown({ dataContemplacao: '2026-10-01' })).toBe(false);
  });
  it('not while a case is Em Andamento', () => expect(shown({}, [{ Status: 'Em Andamento' }])).toBe(false));
});

describe('post-sale wizard (doc 2 §2.8)', () => {
  const wizard = flows.definitions.find((d): d is Wizard => d.kind === 'wizard' && d.id === 'post-sale-wizard')!;
  it('has the 13 steps in the spec order, each with its route and text', () => {
    expect(wizard.steps.map((s) => s.id)).toEqual(['boas-vindas', 'validacao-seguranca', 'dados-cadastrais', 'consorcio', 'boletos', 'contemplacao', 'entendimento', 'venda', 'tipos-lance', 'beneficios-grupo', 'informacoes-finais', 'duvidas-gerais', 'final']);
    for (const s of wizard.steps) {
      expect(s.route).toMatch(/^\/pos-venda/);
      expect(s.texts?.length).toBeGreaterThan(0);
    }
  });
});
