import { describe, expect, it } from 'vitest';
import type { DecisionTable, Wizard } from '../../../../screens/contract/flows.js';
import { loadDefinitions } from '../definitions.js';
import { availableSteps, decide } from './decide.js';

/** The awarded flow's definitions, written from doc 2 §2.2 and §4.3 (expectations typed from the spec). */
const { flows } = loadDefinitions();
const wizard = flows.definitions.find((d): d is Wizard => d.kind === 'wizard' && d.id === 'awarded-flow-steps')!;
const card = flows.definitions.find((d): d is DecisionTable => d.kind === 'decision-table' && d.id === 'awarded-flow-card')!;

describe('awarded flow steps by quota and contemplation type (doc 2 §2.2)', () => {
  const steps = (over: Record<string, unknown>) => availableSteps(wizard, { tipo: 'imovel', modalidade: 'LL', restricao: false, status: 'NAO_INICIADO', ...over });
  it('starts with the offer confirmation when the contemplation is not a draw', () => {
    expect(steps({})).toEqual(['oferta', 'verification', 'garantia', 'documentos', 'confirmacao-documentos', 'crivo', 'deseja-faturar']);
  });
  it('shows the draw presentation and its conditions first for SO and SE', () => {
    for (const modalidade of ['SO', 'SE']) expect(steps({ modalidade }).slice(0, 3)).toEqual(['sorteio', 'condicoes-sorteio', 'oferta']);
  });
  it('asks the heavy type and uses the heavy documents only for pesados', () => {
    expect(steps({ tipo: 'pesados' })).toEqual(['oferta', 'verification', 'garantia', 'tipo-pesado', 'documentos-pesado', 'confirmacao-documentos', 'crivo', 'deseja-faturar']);
  });
  it('puts the CPF restriction after the guarantee when there is one, and the extra documents on a client-pending reanalysis', () => {
    expect(steps({ restricao: true })).toContain('cpf');
    expect(steps({ restricao: true }).indexOf('cpf')).toBe(steps({ restricao: true }).indexOf('garantia') + 1);
    expect(steps({ status: 'PENDENCIA_CLIENTE_REANALISE' })).toContain('documentos-adicionais');
  });
});

describe('awarded flow: notice and status → home card', () => {
  const outcome = (inputs: Record<string, unknown>) => decide(card, { avisoCancelada: false, aviso: false, status: null, ...inputs }).outcome;
  it('shows the cancelled-and-contemplated notice first, then the contemplation notice', () => {
    expect(outcome({ avisoCancelada: true, aviso: true, status: 'NAO_INICIADO' })).toBe('contemplacao-cancelada-aviso');
    expect(outcome({ aviso: true, status: 'NAO_INICIADO' })).toBe('contemplacao-aviso');
  });
  const expected: Record<string, string | null> = {
    NAO_INICIADO: 'contemplacao-iniciar',
    PENDENCIA_CLIENTE: 'contemplacao-documentos',
    PRAZO_FINALIZADO: 'contemplacao-documentos',
    PENDENCIA_CLIENTE_REANALISE: 'contemplacao-documentos',
    TRIAGEM_EM_ANDAMENTO: 'contemplacao-em-analise',
    AGUARDANDO_ANALISE_INTERNA: 'contemplacao-em-analise',
    AGUARDANDO_REANALISE_INTERNA: 'contemplacao-em-analise',
    RETORNO_CLIENTE_REANALISE: 'contemplacao-em-analise',
    CADASTRO_APROVADO: 'contemplacao-aprovada',
    CADASTRO_APROVADO_COMITE: 'contemplacao-aprovada',
    CADASTRO_NAO_APROVADO: 'contemplacao-reprovada',
    CADASTRO_REPROVADO: 'contemplacao-reprovada',
    CADASTRO_REPROVADO_COMITE: 'contemplacao-reprovada',
    CASO_EXPIRADO: null,
  };
  for (const [status, id] of Object.entries(expected)) it(`${status} → ${id ?? 'sem card'}`, () => expect(outcome({ status })).toBe(id));
});
