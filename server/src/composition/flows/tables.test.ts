import { describe, expect, it } from 'vitest';
import type { DecisionTable, Wizard } from '../../../../screens/contract/flows.js';
import { loadDefinitions } from '../definitions.js';
import { availableSteps, decide } from './decide.js';

/**
 * Every row of the spec's tables, as the spec writes it: expectations here are typed from the
 * spec, not derived from the definitions, so a wrong edit of a table fails a test.
 */
const { flows } = loadDefinitions();
const table = (id: string) => flows.definitions.find((d): d is DecisionTable => d.kind === 'decision-table' && d.id === id)!;
const wizard = (id: string) => flows.definitions.find((d): d is Wizard => d.kind === 'wizard' && d.id === id)!;

describe('navigation guard (doc 1 §2, doc 2 §2.12)', () => {
  const base = {
    appUpdateRequired: false, appUpdateExempt: false, access: 'protected', authenticated: true, wantedIsHome: false, mfaPending: false, passwordExpired: false, exemptFromPasswordChange: false, mobileOnly: false, mobile: false, transparent: false,
    routeTransparent: true, mandatoryUpdate: false, exemptFromMandatoryUpdate: false, needsQuota: false, quotaSelected: true,
  };
  const outcome = (over: Partial<typeof base>) => decide(table('guard'), { ...base, ...over }).outcome;

  it('sends an unauthenticated visit to home to login without remembering it', () => expect(outcome({ authenticated: false, wantedIsHome: true })).toBe('login'));
  it('remembers any other protected route', () => expect(outcome({ authenticated: false })).toBe('login-remember'));
  it('sends every route, public ones too, to the mandatory app update first', () => {
    expect(outcome({ appUpdateRequired: true, access: 'public', authenticated: false })).toBe('app-update');
    expect(outcome({ appUpdateRequired: true, appUpdateExempt: true })).toBe('allow');
  });
  it('asks for the one-time code before any protected route', () => expect(outcome({ mfaPending: true, passwordExpired: true })).toBe('verification'));
  it('sends an expired password to the change screen', () => expect(outcome({ passwordExpired: true })).toBe('password-change'));
  it('keeps the password change and biometrics routes open with an expired password', () => expect(outcome({ passwordExpired: true, exemptFromPasswordChange: true })).toBe('allow'));
  it('lets anyone open a public route', () => expect(outcome({ access: 'public', authenticated: false })).toBe('allow'));
  it('sends a mobile-only route to its fallback off mobile', () => expect(outcome({ mobileOnly: true })).toBe('mobile-fallback'));
  it('opens a mobile-only route on mobile', () => expect(outcome({ mobileOnly: true, mobile: true })).toBe('allow'));
  it('sends a route not flagged for transparent login home', () => expect(outcome({ transparent: true, routeTransparent: false })).toBe('home'));
  it('sends protected routes to the mandatory update', () => expect(outcome({ mandatoryUpdate: true })).toBe('mandatory-update'));
  it('keeps the exempt routes open during the mandatory update', () => expect(outcome({ mandatoryUpdate: true, exemptFromMandatoryUpdate: true })).toBe('allow'));
  it('disables the mandatory update under a transparent login', () => expect(outcome({ mandatoryUpdate: true, transparent: true })).toBe('allow'));
  it('asks for a quota first on a route that needs one', () => expect(outcome({ needsQuota: true, quotaSelected: false })).toBe('quota-selection'));
  it('allows everything else', () => expect(outcome({})).toBe('allow'));
});

describe('bid wizard availability (doc 1 §4)', () => {
  const steps = (tipo: string, opcoes: string[] = []) => availableSteps(wizard('bid-wizard'), { tipo, opcoes });
  it('auto: no fgts; keys only with option 003', () => {
    expect(steps('auto', ['003'])).toEqual(['type', 'builtin', 'keys', 'reduction', 'summary', 'confirmation']);
    expect(steps('auto', ['001'])).toEqual(['type', 'builtin', 'reduction', 'summary', 'confirmation']);
  });
  it('imovel: fgts, no keys even with 003', () => expect(steps('imovel', ['003'])).toEqual(['type', 'builtin', 'fgts', 'reduction', 'summary', 'confirmation']));
  it('servico: neither fgts nor keys', () => expect(steps('servico', ['003'])).toEqual(['type', 'builtin', 'reduction', 'summary', 'confirmation']));
  it('pesados: keys with 003, never fgts', () => {
    expect(steps('pesados', ['003'])).toEqual(['type', 'builtin', 'keys', 'reduction', 'summary', 'confirmation']);
    expect(steps('pesados')).toEqual(['type', 'builtin', 'reduction', 'summary', 'confirmation']);
  });
});

describe('cash-credit billing status → screen (doc 2 §4.4)', () => {
  const expected: Record<string, string> = {
    CADASTRO_APROVADO: '/faturamentoespecie/centralcontemplacao',
    ATUALIZAR_CADASTRO: '/faturamentoespecie/centralcontemplacao',
    BRSCAN_EM_ANDAMENTO: '/faturamentoespecie/analisandoinformacoesinterna',
    ANALISE_GRC: '/faturamentoespecie/analisandoinformacoesinterna',
    ANALISE_FATURAMENTO: '/faturamentoespecie/analisandoinformacoes-pj',
    SUSPEITA_FRAUDE: '/faturamentoespecie/analisandoinformacoes-pj',
    RETORNO_BRSCAN: '/faturamentoespecie/analisandoinformacoes',
    REANALISE_BRSCAN: '/faturamentoespecie/documento-rejeitado',
    PENDENCIA_CLIENTE: '/faturamentoespecie/documento-rejeitado',
    DOCUMENTOS_ADICIONAIS_GRC: '/faturamentoespecie/reanalise',
    AGUARDANDO_APROVACAO: '/faturamentoespecie/acompanharpagamento',
    PAGAMENTO_LIBERADO: '/faturamentoespecie/acompanharpagamento',
    PAGAMENTO_ENVIADO: '/faturamentoespecie/acompanharpagamento',
    AGUARDANDO_ATUALIZACAO_NEWCON: '/faturamentoespecie/acompanharpagamento',
    AGUARDANDO_LIBERACAO: '/faturamentoespecie/acompanharpagamento',
    // "Other statuses: no mapping shown": the cash-billing flow defaults to home.
    AGUARDANDO_PAGAMENTO: '/home',
    DOCUMENTO_RECUSADO: '/home',
    PRAZO_FINALIZADO: '/home',
    PAGAMENTO_ESTORNADO: '/home',
    REPROCESSAR_PAGAMENTO: '/home',
    REPROCESSAMENTO_MANUAL: '/home',
    PAGAMENTO_REPROCESSADO: '/home',
  };
  it('TRATATIVA_NAO_INICIADA: contemplation centre when a case exists, else billing', () => {
    expect(decide(table('cash-billing-screen'), { status: 'TRATATIVA_NAO_INICIADA', caseExists: true }).outcome).toBe('/faturamentoespecie/centralcontemplacao');
    expect(decide(table('cash-billing-screen'), { status: 'TRATATIVA_NAO_INICIADA', caseExists: false }).outcome).toBe('/faturamento/iniciar');
  });
  for (const [status, screen] of Object.entries(expected)) {
    it(`${status} → ${screen}`, () => expect(decide(table('cash-billing-screen'), { status, caseExists: true }).outcome).toBe(screen));
  }
  it('covers all 23 statuses of the spec', () => expect(Object.keys(expected).length + 1).toBe(23));
});

describe('cash-credit billing phase → home card (doc 2 §4.4)', () => {
  const expected: Record<string, string | null> = {
    TRATATIVA_NAO_INICIADA: 'especie-iniciar',
    ATUALIZAR_CADASTRO: 'especie-atualizar-cadastro',
    CADASTRO_APROVADO: 'especie-dados-bancarios',
    AGUARDANDO_ATUALIZACAO_NEWCON: 'especie-acompanhar',
    PENDENCIA_CLIENTE: 'especie-reenviar-documentos',
    REANALISE_BRSCAN: 'especie-reenviar-documentos',
    DOCUMENTOS_ADICIONAIS_GRC: 'especie-reenviar-documentos',
    AGUARDANDO_APROVACAO: 'especie-acompanhar',
    AGUARDANDO_LIBERACAO: 'especie-acompanhar',
    PAGAMENTO_LIBERADO: 'especie-acompanhar',
    AGUARDANDO_PAGAMENTO: 'especie-acompanhar',
    PAGAMENTO_ENVIADO: 'especie-acompanhar',
    REPROCESSAR_PAGAMENTO: 'especie-acompanhar',
    REPROCESSAMENTO_MANUAL: 'especie-acompanhar',
    PAGAMENTO_REPROCESSADO: 'especie-acompanhar',
    PAGAMENTO_ESTORNADO: 'especie-pagamento-estornado',
    RETORNO_BRSCAN: 'especie-em-analise',
    SUSPEITA_FRAUDE: 'especie-em-analise',
    ANALISE_GRC: 'especie-em-analise',
    ANALISE_FATURAMENTO: 'especie-em-analise',
    BRSCAN_EM_ANDAMENTO: 'especie-em-analise',
    DOCUMENTO_RECUSADO: null,
    PRAZO_FINALIZADO: null,
  };
  for (const [phase, card] of Object.entries(expected)) {
    it(`${phase} → ${card ?? 'sem card'}`, () => expect(decide(table('cash-billing-card'), { phase }).outcome).toBe(card));
  }
});

describe('awarded flow status → screen (doc 2 §4.3)', () => {
  const expected: Record<string, string | null> = {
    NAO_INICIADO: '/contemplado/oferta',
    TRIAGEM_EM_ANDAMENTO: '/contemplado/confirmacao-documentos',
    AGUARDANDO_ANALISE_INTERNA: '/contemplado/confirmacao-documentos',
    AGUARDANDO_REANALISE_INTERNA: '/contemplado/confirmacao-documentos',
    RETORNO_CLIENTE_REANALISE: '/contemplado/confirmacao-documentos',
    CADASTRO_APROVADO: '/contemplado/crivo',
    CADASTRO_APROVADO_COMITE: '/contemplado/crivo',
    CADASTRO_NAO_APROVADO: '/contemplado/resultado-analise',
    CADASTRO_REPROVADO: '/contemplado/resultado-analise',
    CADASTRO_REPROVADO_COMITE: '/contemplado/resultado-analise',
    PENDENCIA_CLIENTE: '/contemplado/documentos',
    PRAZO_FINALIZADO: '/contemplado/documentos',
    PENDENCIA_CLIENTE_REANALISE: '/contemplado/documentos-adicionais',
    CASO_EXPIRADO: null,
  };
  for (const [status, screen] of Object.entries(expected)) {
    it(`${status} → ${screen ?? 'nenhuma'}`, () => expect(decide(table('awarded-flow-screen'), { status }).outcome).toBe(screen));
  }
});

describe('refund status → screen (doc 2 §4.6)', () => {
  const expected: Array<[string | null, string]> = [
    [null, '/devolucao/introducao'],
    ['NAO_INICIADO', '/devolucao/introducao'],
    ['PRAZO_FINALIZADO', '/devolucao/introducao'],
    ['PENDENCIA_CLIENTE', '/devolucao/problema-documentos'],
    ['DOCUMENTOS_ADICIONAIS', '/devolucao/problema-documentos'],
    ['REANALISE', '/devolucao/problema-documentos'],
    ['BRSCAN_EM_ANDAMENTO', '/devolucao/analisando-informacoes'],
    ['RETORNO_BRSCAN', '/devolucao/analisando-informacoes'],
    ['OPERACOES', '/devolucao/analisando-informacoes'],
    ['ANALISE_GRC', '/devolucao/analisando-informacoes'],
    ['SUSPEITA_FRAUDE', '/devolucao/analisando-informacoes'],
    ['DOCUMENTO_APROVADO', '/devolucao/documento-aprovado'],
    ['PARECER_GRC', '/devolucao/documento-aprovado'],
    ['CADASTRO_APROVADO', '/devolucao/documento-aprovado'],
    ['AGUARDANDO_ATUALIZACAO_CADASTRO', '/devolucao/pagamento-programado'],
    ['PAGAMENTO_ESTORNADO', '/devolucao/dados-bancarios'],
    ['DOCUMENTO_RECUSADO', '/devolucao/filiais'],
    ['PAGAMENTO_ENVIADO', '/devolucao/acompanhar-valores'],
    ['FASE_NOVA_SEM_MAPEAMENTO', '/devolucao/acompanhar-valores'],
  ];
  for (const [status, screen] of expected) {
    it(`${status ?? 'sem fase'} → ${screen}`, () => expect(decide(table('refund-screen'), { status }).outcome).toBe(screen));
  }
});

describe('refund status → home card (doc 2 §4.6)', () => {
  const expected: Array<[string | null, string]> = [
    [null, 'devolucao-iniciar'],
    ['PRAZO_FINALIZADO', 'devolucao-iniciar'],
    ['REANALISE', 'devolucao-reenviar-documentos'],
    ['ANALISE_GRC', 'devolucao-em-analise'],
    ['CADASTRO_APROVADO', 'devolucao-programar'],
    ['PAGAMENTO_ESTORNADO', 'devolucao-pagamento-estornado'],
    ['DOCUMENTO_RECUSADO', 'devolucao-filial'],
    ['SOLICITACAO_FINALIZADA', 'devolucao-acompanhar'],
    ['FASE_NOVA_SEM_MAPEAMENTO', 'devolucao-acompanhar'],
  ];
  for (const [status, card] of expected) {
    it(`${status ?? 'sem fase'} → ${card}`, () => expect(decide(table('refund-card'), { status }).outcome).toBe(card));
  }
});

describe('used vehicle process state → timeline step and page (doc 2 §4.5)', () => {
  const t = () => table('used-vehicle-step');
  const at = (state: string, over: Record<string, unknown> = {}) => decide(t(), { state, digital: true, introSeen: false, sellerType: 'pessoafisica', ...over }).outcome;
  it('awaiting vehicle choice: registration update open', () => expect(at('AGUARDANDO_ESCOLHA_BEM')).toEqual({ step: 'atualizacao-cadastral', page: '/faturamentoseminovo/atualizacaocadastral/resumo' }));
  it('awaiting inspection data: acceptance rules first, then simulation', () => {
    expect(at('AGUARDANDO_DADOS_VISTORIA')).toEqual({ step: 'simulacao', page: '/faturamentoseminovo/simulacao/regrasdeaceite' });
    expect(at('AGUARDANDO_DADOS_VISTORIA', { introSeen: true })).toEqual({ step: 'simulacao', page: '/faturamentoseminovo/simulacao' });
  });
  it('register vehicle manually: brand inclusion analysis', () => expect(at('CADASTRAR_VEICULO_MANUAL')).toEqual({ step: 'simulacao', page: '/faturamentoseminovo/simulacao/inclusaodemarca' }));
  it('vehicle found: digital intro or terms; technical intro or CEP', () => {
    expect(at('BEM_ENCONTRADO')).toEqual({ step: 'vistoria', page: '/faturamentoseminovo/vistoriadigital' });
    expect(at('BEM_ENCONTRADO', { introSeen: true })).toEqual({ step: 'vistoria', page: '/faturamentoseminovo/vistoriadigital/termos' });
    expect(at('BEM_ENCONTRADO', { digital: false })).toEqual({ step: 'vistoria', page: '/faturamentoseminovo/vistoriatecnica' });
    expect(at('BEM_ENCONTRADO', { digital: false, introSeen: true })).toEqual({ step: 'vistoria', page: '/faturamentoseminovo/vistoriatecnica/cep' });
  });
  it('inspection in progress: link sent (digital) or scheduled (technical)', () => {
    for (const s of ['ERRO_VISTORIA', 'AGENDAMENTO_MANUAL_VISTORIA', 'LAUDO_RECEBIDO', 'VISTORIA_TECNICA_SOLICITADA', 'VISTORIA_DIGITAL_SOLICITADA', 'VISTORIA_AGENDADA']) {
      expect(at(s)).toEqual({ step: 'vistoria', page: '/faturamentoseminovo/vistoriadigital/linkenviado' });
      expect(at(s, { digital: false })).toEqual({ step: 'vistoria', page: '/faturamentoseminovo/vistoriatecnica/agendada' });
    }
  });
  it('vehicle pending or refused: inspection refused', () => {
    for (const s of ['VEICULO_PENDENTE', 'VEICULO_RECUSADO']) expect(at(s)).toEqual({ step: 'vistoria', page: '/faturamentoseminovo/vistoriarecusada' });
  });
  it('pending return, guarantee authorisation, billing or credit response: reanalysis after resent document', () => {
    for (const s of ['PENDENTE_RETORNO', 'AUTORIZACAO_GARANTIA', 'PENDENTE_FATURAMENTO', 'RESPOSTA_CREDITO']) expect(at(s)).toEqual({ step: 'vistoria', page: '/faturamentoseminovo/reanalise-faturamento/enviada' });
  });
  it('guarantee approved: seller type', () => expect(at('GARANTIA_APROVADA')).toEqual({ step: 'dados-proprietario', page: '/faturamentoseminovo/vendedor' }));
  it('seller revalidation: divergent owner data', () => expect(at('REVALIDAR_VENDEDOR')).toEqual({ step: 'dados-proprietario', page: '/faturamentoseminovo/dados-proprietario-divergente' }));
  it('awaiting documents or seller data: order for rental and reseller, seller documents otherwise', () => {
    for (const s of ['AGUARDANDO_DOCUMENTOS', 'DADOS_VENDEDOR']) {
      expect(at(s, { sellerType: 'locadora' })).toEqual({ step: 'dados-proprietario', page: '/faturamentoseminovo/ordemcompra' });
      expect(at(s, { sellerType: 'revendedora' })).toEqual({ step: 'dados-proprietario', page: '/faturamentoseminovo/ordemcompra' });
      expect(at(s)).toEqual({ step: 'dados-proprietario', page: '/faturamentoseminovo/vendedor/pessoafisica/anexos' });
    }
  });
  it('documents received and the like: owner documents under analysis', () => {
    for (const s of ['DOCUMENTOS_RECEBIDOS', 'DADOS_CADASTRADOS', 'DADOS_FATURAMENTO_CADASTRAR', 'ERRO_INDICACAO_VEICULO', 'INDICACAO_MANUAL', 'ERRO_PROCESSAMENTO']) {
      expect(at(s)).toEqual({ step: 'dados-proprietario', page: '/faturamentoseminovo/reanalise-faturamento' });
    }
  });
  it('illegible or incorrect documents: owner refused; Sworks pending: resend; returned: reanalysis', () => {
    expect(at('DOCUMENTOS_ILEGIVEIS')).toEqual({ step: 'dados-proprietario', page: '/faturamentoseminovo/proprietariorecusado' });
    expect(at('DOCUMENTOS_INCORRETOS')).toEqual({ step: 'dados-proprietario', page: '/faturamentoseminovo/proprietariorecusado' });
    expect(at('PENDENCIA_SWORKS')).toEqual({ step: 'dados-proprietario', page: '/faturamentoseminovo/proprietariorecusado/reenvio' });
    expect(at('DOCUMENTOS_DEVOLVIDOS')).toEqual({ step: 'dados-proprietario', page: '/faturamentoseminovo/reanalise-faturamento' });
  });
  it('invoice pending and corrected', () => {
    expect(at('PENDENCIA_NOTA_FISCAL')).toEqual({ step: 'dados-proprietario', page: '/faturamentoseminovo/pendencianotafiscal' });
    expect(at('NOTA_FISCAL_CORRIGIDA')).toEqual({ step: 'dados-proprietario', page: '/faturamentoseminovo/cartacorrecaoenviada' });
  });
  it('signature states: contract signing', () => {
    for (const s of ['AGUARDANDO_ASSINATURA', 'DOCUMENTO_ASSINADO', 'CONTRATO_PENDENTE', 'PROGRAMAR_PAGAMENTO']) expect(at(s)).toEqual({ step: 'assinatura-contrato', page: '/faturamentoseminovo/assinaturacontrato' });
  });
  it('payment states: payment step', () => {
    for (const s of ['AGENDAMENTO_PAGAMENTO_EM_ANDAMENTO', 'ERRO_AGENDAMENTO', 'AGENDAMENTO_MANUAL', 'AGUARDANDO_APROVACAO', 'VEICULO_ALIENADO', 'AGUARDANDO_LIBERACAO', 'AGUARDANDO_PAGAMENTO', 'PENDENCIA_DETRAN', 'PAGAMENTO_ENVIADO']) {
      expect(at(s)).toEqual({ step: 'pagamento', page: '/faturamentoseminovo/acompanharpagamento' });
    }
  });
});

describe('used vehicle payment step states (doc 2 §4.5)', () => {
  const at = (status: string) => decide(table('payment-step'), { status }).outcome;
  it('payment sent → concluded', () => expect(at('PAGAMENTO_ENVIADO')).toEqual({ state: 'concluido', page: null }));
  it('in progress and reprocessing → pending', () => {
    for (const s of ['PAGAMENTO_EM_ANDAMENTO', 'REPROCESSAR_PAGAMENTO', 'PAGAMENTO_REPROCESSADO']) expect(at(s)).toEqual({ state: 'pendente', page: null });
  });
  it('reversed → error with redo to the reversal bank-data page', () => expect(at('PAGAMENTO_ESTORNADO')).toEqual({ state: 'erro', page: '/faturamentoseminovo/dadosbancariosestorno' }));
  it('awaiting payment → open (default)', () => expect(at('AGUARDANDO_PAGAMENTO')).toEqual({ state: 'aberto', page: null }));
});
