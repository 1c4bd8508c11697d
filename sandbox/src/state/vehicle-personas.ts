import type { PersonaFixture } from '../personas.js';
import type { CustomerSeed } from './portfolio.js';

/**
 * Sandbox-only personas for vehicle billing (never added to fixtures/personas.json, which is a
 * byte copy of the shared file): a company and a paid-off quota, both contemplated auto quotas
 * whose new-vehicle billing has not started.
 */
export const EXTRA_PERSONAS: PersonaFixture[] = [
  { key: 'vitoria', document: '69887283112606', password: '161616', partner: 1, scenario: 'Company (CNPJ) with an auto quota contemplated 25 days ago; vehicle billing not started.' },
  { key: 'quiteria', document: '52286300909', password: '171717', partner: 1, scenario: 'Individual with a paid-off auto quota contemplated 30 days ago; vehicle billing not started.' },
];

const base = { versao: '00', tipo: 'auto', situacaoCota: 'NORMAL', statusGrupo: 'ANDAMENTO', parcelasAtraso: 0, prazoMeses: 72, proximaAssembleiaEmDias: 18 } as const;

export const EXTRA_PORTFOLIO: Record<string, CustomerSeed> = {
  vitoria: {
    nome: 'Vitória Transportes Ltda',
    dataNascimento: '2012-03-01',
    email: 'frota@vitoriatransportes.example.com.br',
    celular: '31981110000',
    quotas: [{ ...base, grupo: '001234', cota: '0811', valorBem: 120_000, valorSaldoDevedor: 88_000, contempladaHaDias: 25, modalidadeContemplacao: 'LL', parcelasPagas: 20, parcelasRestantes: 52, assembleiaAtual: 21, processos: { auto: { status: 'TRATATIVA_NAO_INICIADA', criadoHaDias: 5 } } }],
  },
  quiteria: {
    nome: 'Quitéria Alves Nogueira',
    dataNascimento: '1970-02-14',
    email: 'quiteria.nogueira@example.com.br',
    celular: '11981230000',
    quotas: [{ ...base, grupo: '001234', cota: '0822', situacaoCota: 'QUITADO', valorBem: 70_000, valorSaldoDevedor: 0, contempladaHaDias: 30, modalidadeContemplacao: 'LL', parcelasPagas: 72, parcelasRestantes: 0, assembleiaAtual: 73, processos: { auto: { status: 'TRATATIVA_NAO_INICIADA', criadoHaDias: 2 } } }],
  },
};
