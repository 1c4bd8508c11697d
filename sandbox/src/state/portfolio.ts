import type { VehicleProcess } from './vehicle.js';
import type { RefundProcess } from './refund.js';

/**
 * What each persona owns in the back office, written from the scenarios in personas.json.
 * Dates are day offsets from the sandbox clock's today (negative = in the past), so the
 * states hold whatever day the tests run. Later capabilities add slips, bids and cases here.
 */
export type QuotaType = 'imovel' | 'servico' | 'auto' | 'pesados';

export interface QuotaSeed {
  grupo: string;
  cota: string;
  versao: string;
  tipo: QuotaType;
  valorBem: number;
  valorSaldoDevedor: number;
  situacaoCota: 'NORMAL' | 'CANCELADO' | 'QUITADO';
  statusGrupo: 'ANDAMENTO' | 'FORMACAO' | 'ENCERRADO';
  /** Days since contemplation (positive = in the past); absent when not contemplated. */
  contempladaHaDias?: number;
  modalidadeContemplacao?: string;
  parcelasPagas: number;
  parcelasAtraso: number;
  parcelasRestantes: number;
  prazoMeses: number;
  assembleiaAtual: number;
  /** Days to the next assembly; absent for groups without one (closed). */
  proximaAssembleiaEmDias?: number;
  permiteFgts?: boolean;
  /** The contemplating bid used FGTS: the credit cannot be paid in cash (doc 1 §5). */
  lanceComFgts?: boolean;
  /** Code of the restriction the core system returns on the holder (27 = CPF/CNPJ restricted). */
  codigoRestricao?: number;
  /** Offer option codes (003 = keys). */
  opcoesLance?: string[];
  /** Back-office processes running for the quota (billing, refund). */
  processos?: Processes;
  /**
   * Days to the due date of each open instalment (negative = late). Absent: one instalment
   * 15 days late per `parcelasAtraso` (the oldest further back) and one due in 15 days.
   */
  parcelasEmAbertoEmDias?: number[];
  /** Renegotiations already made in the plan (at most 3). */
  renegociacoes?: number;
}

/** A seeded quota as the store keeps it: its seed, its id and owner, and what the customer named it. */
export interface QuotaRecord extends QuotaSeed {
  idCota: number;
  owner: string;
  partnerId: number;
  apelido: string | null;
  fotoUrl: string | null;
}

export interface CaseSeed {
  numero: string;
  tipo: string;
  status: 'EM_ANDAMENTO' | 'ESCALADO' | 'FECHADO' | 'Concluído';
  fase: string;
  descricao?: string;
  criadoHaDias: number;
  /** Comments the CRM attached (Observacao__c). */
  observacao?: string;
  /** Bank data the customer sent with the request (DadosApp__c). */
  dadosBancarios?: { banco: string; agencia: string; conta: string; tipoConta: 'CORRENTE' | 'POUPANCA' };
  /** Documents the analysis found illegible (DocumentosIlegiveis__c), ';'-separated in the CRM. */
  documentosIlegiveis?: string[];
  /** The app's saved progress (DadosApp__c), a JSON string. */
  dadosApp?: string;
  /** The related quota's external id (the core system's idCota), for cases tied to a quota. */
  idExternoCota?: string;
}

/** Cash-credit billing as the core system keeps it (core/faturamento-credito). */
export interface CashBillingProcess {
  status: string;
  possuiCaso: boolean;
  /** Bank data sent with atualizar (the account must be in the holder's own CPF/CNPJ). */
  dadosBancarios?: { banco: string; agencia: string; digitoAgencia?: string; conta: string; tipoConta: 'CORRENTE' | 'POUPANCA'; titularDocumento: string };
  /** When the authorization term was accepted: from then on it is locked. */
  termoAceitoEm?: string;
  /** When the documents went to analysis (epoch ms on the sandbox clock): the analysis ends by itself. */
  analiseDesde?: number;
  /** Documents of the running analysis it will find unreadable (their names). */
  ilegiveis?: string[];
  /** The billing type confirmed on iniciar: it cannot change afterwards. */
  tipoFaturamento?: 'ESPECIE';
  /** What the analyst asked or found (respostaAnalista), shown on the adjustment and reanalysis screens. */
  respostaAnalista?: string;
  /** Payment events for the follow-up timeline. */
  eventos?: Array<{ situacao: 'Aberto' | 'Concluido' | 'Fechado' | 'Pendente' | 'Erro'; descricao: string; em: string }>;
}

// ── awarded (contemplated) flow ─────────────────────────────────────────────────────
/** The awarded flow as the core system keeps it (core/contemplacao), moved on the sandbox clock. */
export interface AwardedProcess {
  /** One of the 14 statuses of doc 2 §4.3 (AWARDED_STATUSES). */
  status: string;
  /** When the offer (terms) was confirmed: locked from then on. */
  termoAceitoEm?: string;
  garantia?: string;
  tipoPesado?: string;
  /** Days from the sandbox's today to the document deadline. */
  prazoDocumentosEmDias?: number;
  /** When the documents went to analysis (epoch ms on the sandbox clock). */
  analiseDesde?: number;
  /** Documents of the running analysis it will find unreadable (their names). */
  ilegiveis?: string[];
  /** Identity match of the selfie against the personal document (accepted from 0.35, doc 2 §5). */
  identidade?: number;
  crivo?: { codigo: string; decisao: string; status: string; valorAprovado: number | null };
  motivo?: string;
}

export interface Processes {
  /** The awarded (contemplated) flow (core/contemplacao). */
  contemplacao?: AwardedProcess;
  /** Cash-credit billing (core/faturamento-credito). */
  especie?: CashBillingProcess;
  /** Vehicle billing (core/faturamento/auto). */
  auto?: VehicleProcess;
  /** Refund (core/devolucao); null status = not started (state/refund.ts). */
  devolucao?: RefundProcess;
}

export interface CustomerSeed {
  nome: string;
  /** Birth (or founding) date, YYYY-MM-DD. */
  dataNascimento: string;
  email: string;
  celular: string;
  senhaExpirada?: boolean;
  requerMfa?: boolean;
  atualizacaoCadastralObrigatoria?: boolean;
  /** CRM cases (Salesforce), newest first; `criadoHaDias` from the sandbox's today. */
  casos?: CaseSeed[];
  quotas: QuotaSeed[];
}

const auto = (q: Partial<QuotaSeed> & Pick<QuotaSeed, 'grupo' | 'cota'>): QuotaSeed => ({
  versao: '00',
  tipo: 'auto',
  valorBem: 85_000,
  valorSaldoDevedor: 61_204.18,
  situacaoCota: 'NORMAL',
  statusGrupo: 'ANDAMENTO',
  parcelasPagas: 12,
  parcelasAtraso: 0,
  parcelasRestantes: 60,
  prazoMeses: 72,
  assembleiaAtual: 13,
  proximaAssembleiaEmDias: 18,
  ...q,
});

export const PORTFOLIO: Record<string, CustomerSeed> = {
  ana: {
    nome: 'Ana Beatriz Lima',
    dataNascimento: '1988-04-17',
    email: 'ana.lima@example.com.br',
    celular: '11987654321',
    quotas: [auto({ grupo: '001234', cota: '0567', proximaAssembleiaEmDias: 10, opcoesLance: ['001', '003'], parcelasEmAbertoEmDias: [5, 35] })],
  },
  bruno: {
    nome: 'Bruno Carvalho Alves',
    dataNascimento: '1979-11-02',
    email: 'bruno.alves@example.com.br',
    celular: '21998765432',
    quotas: [
      auto({ grupo: '002345', cota: '0101', tipo: 'imovel', valorBem: 320_000, valorSaldoDevedor: 281_540.9, parcelasPagas: 20, parcelasRestantes: 160, prazoMeses: 180, assembleiaAtual: 21, proximaAssembleiaEmDias: 1, permiteFgts: true }),
      auto({ grupo: '003456', cota: '0202', tipo: 'servico', valorBem: 18_000, valorSaldoDevedor: 12_300, parcelasPagas: 10, parcelasRestantes: 26, prazoMeses: 36, assembleiaAtual: 11, proximaAssembleiaEmDias: 20 }),
    ],
  },
  carla: {
    nome: 'Carla Mendes Rocha',
    dataNascimento: '1991-07-23',
    email: 'carla.rocha@example.com.br',
    celular: '31991234567',
    quotas: [
      auto({ grupo: '001234', cota: '0890', valorBem: 72_000, valorSaldoDevedor: 60_110.4, parcelasPagas: 8, parcelasAtraso: 1, parcelasRestantes: 63, assembleiaAtual: 10 }),
      auto({ grupo: '004567', cota: '0303', valorBem: 64_000, valorSaldoDevedor: 53_420.75, parcelasPagas: 8, parcelasAtraso: 1, parcelasRestantes: 63, assembleiaAtual: 10 }),
    ],
  },
  delta: {
    nome: 'Delta Serviços de Engenharia Ltda',
    dataNascimento: '2009-05-12',
    email: 'financeiro@delta.example.com.br',
    celular: '41988887777',
    casos: [{ numero: '00430045', tipo: 'Pagamento de Crédito em Espécie', status: 'EM_ANDAMENTO', fase: 'Pendência Cliente', criadoHaDias: 12, documentosIlegiveis: ['Contrato social e última alteração', 'Comprovante de endereço da empresa (até 60 dias)'] }],
    quotas: [auto({ grupo: '005678', cota: '0045', tipo: 'servico', valorBem: 40_000, valorSaldoDevedor: 27_800, contempladaHaDias: 40, modalidadeContemplacao: 'LL', parcelasPagas: 14, parcelasRestantes: 22, prazoMeses: 36, assembleiaAtual: 15, processos: { especie: { status: 'PENDENCIA_CLIENTE', possuiCaso: true } } })],
  },
  eduardo: {
    nome: 'Eduardo Pereira Santos',
    dataNascimento: '1983-02-28',
    email: 'eduardo.santos@example.com.br',
    celular: '51987651234',
    quotas: [auto({ grupo: '001234', cota: '0678', contempladaHaDias: 30, modalidadeContemplacao: 'LF', valorSaldoDevedor: 58_900, processos: { auto: { estadoProcesso: 'BEM_ENCONTRADO', isDigital: true } } })],
  },
  fernanda: {
    nome: 'Fernanda Costa Ribeiro',
    dataNascimento: '1995-09-09',
    email: 'fernanda.ribeiro@example.com.br',
    celular: '61981112222',
    quotas: [auto({ grupo: '001234', cota: '0789', contempladaHaDias: 20, modalidadeContemplacao: 'SO', valorBem: 95_000, valorSaldoDevedor: 70_350, processos: { auto: { status: 'AGUARDANDO_DADOS_VEICULO', tipoFaturamento: 'NOVO', criadoHaDias: 18 } } })],
  },
  gustavo: {
    nome: 'Gustavo Henrique Dias',
    dataNascimento: '1975-12-01',
    email: 'gustavo.dias@example.com.br',
    celular: '71983334444',
    quotas: [auto({ grupo: '006650', cota: '0236', situacaoCota: 'CANCELADO', contempladaHaDias: 25, modalidadeContemplacao: 'SE', parcelasPagas: 9, parcelasRestantes: 0, valorSaldoDevedor: 0, processos: { devolucao: { status: 'NAO_INICIADO' } } })],
  },
  helena: {
    nome: 'Helena Martins Souza',
    dataNascimento: '1969-06-30',
    email: 'helena.souza@example.com.br',
    celular: '81985556666',
    quotas: [auto({ grupo: '007001', cota: '0412', situacaoCota: 'CANCELADO', parcelasPagas: 6, parcelasRestantes: 0, prazoMeses: 80, assembleiaAtual: 30, valorSaldoDevedor: 0 })],
  },
  igor: {
    nome: 'Igor Nascimento Araújo',
    dataNascimento: '2000-01-15',
    email: 'igor.araujo@example.com.br',
    celular: '85987778888',
    casos: [{ numero: '00411001', tipo: 'Atendimento Pós-venda', status: 'EM_ANDAMENTO', fase: 'e-mail enviado', descricao: 'Etapa 1 - boas-vindas', criadoHaDias: 1 }],
    quotas: [auto({ grupo: '008120', cota: '0033', parcelasPagas: 1, parcelasRestantes: 71, assembleiaAtual: 2, valorSaldoDevedor: 83_800 })],
  },
  julia: {
    nome: 'Júlia Ferreira Gomes',
    dataNascimento: '1993-03-08',
    email: 'julia.gomes@example.com.br',
    celular: '91989990000',
    atualizacaoCadastralObrigatoria: true,
    casos: [
      { numero: '00412345', tipo: 'Atualização Cadastral', status: 'EM_ANDAMENTO', fase: 'Atualização Obrigatória', criadoHaDias: 2 },
      { numero: '00412299', tipo: 'Atendimento Pós-venda', status: 'EM_ANDAMENTO', fase: 'Triagem em Andamento', criadoHaDias: 6 },
    ],
    quotas: [auto({ grupo: '001234', cota: '0912' })],
  },
  kleber: {
    nome: 'Kleber Augusto Moreira',
    dataNascimento: '1985-03-14',
    email: 'kleber.moreira@example.com.br',
    celular: '27981231234',
    senhaExpirada: true,
    quotas: [auto({ grupo: '001234', cota: '0934' })],
  },
  lara: {
    nome: 'Lara Cristina Barbosa',
    dataNascimento: '1990-10-10',
    email: 'lara.barbosa@example.com.br',
    celular: '48984564567',
    requerMfa: true,
    quotas: [auto({ grupo: '001234', cota: '0956' })],
  },
  marcos: {
    nome: 'Marcos Vinícius Teixeira',
    dataNascimento: '1982-08-19',
    email: 'marcos.teixeira@example.com.br',
    celular: '62987897890',
    quotas: [auto({ grupo: '009001', cota: '0150', versao: '00', tipo: 'servico', valorBem: 25_000, valorSaldoDevedor: 16_480.5, parcelasPagas: 12, parcelasRestantes: 24, prazoMeses: 36, assembleiaAtual: 13, proximaAssembleiaEmDias: 15 })],
  },
  nina: {
    nome: 'Nina Rodrigues Prado',
    dataNascimento: '1987-05-25',
    email: 'nina.prado@example.com.br',
    celular: '11976543210',
    // Awarded flow at document selection (client pending), self-employed: the offer was confirmed and the guarantee chosen.
    casos: [{ numero: '00420050', tipo: 'Consultoria de Análise de Documentos', status: 'EM_ANDAMENTO', fase: 'Pendência Cliente', criadoHaDias: 10, dadosApp: JSON.stringify({ tipoRenda: 'autonomo', fase: 'Pendência Cliente', enviados: [], arquivos: [], etapas: ['oferta', 'verification', 'garantia'] }) }],
    quotas: [auto({ grupo: '002345', cota: '0250', tipo: 'imovel', valorBem: 280_000, valorSaldoDevedor: 231_000, contempladaHaDias: 15, modalidadeContemplacao: 'LL', parcelasPagas: 24, parcelasRestantes: 156, prazoMeses: 180, assembleiaAtual: 21, processos: { especie: { status: 'TRATATIVA_NAO_INICIADA', possuiCaso: false }, contemplacao: { status: 'PENDENCIA_CLIENTE', termoAceitoEm: '2026-11-13T13:00:00.000Z', garantia: 'alienacao-fiduciaria', prazoDocumentosEmDias: 20 } } })],
  },
  otavio: {
    nome: 'Otávio Lopes Cardoso',
    dataNascimento: '1972-04-04',
    email: 'otavio.cardoso@example.com.br',
    celular: '19982223333',
    casos: [{ numero: '00413377', tipo: 'Pagamento de Crédito', status: 'FECHADO', fase: 'Pagamento estornado', descricao: 'Pagamento do veículo usado', criadoHaDias: 60, observacao: 'O banco devolveu a transferência: confira os dados bancários e envie novamente.', dadosBancarios: { banco: '341 - Itaú Unibanco', agencia: '1234', conta: '56789-0', tipoConta: 'CORRENTE' } }],
    quotas: [auto({ grupo: '004567', cota: '0410', contempladaHaDias: 90, modalidadeContemplacao: 'LL', valorBem: 78_000, valorSaldoDevedor: 49_870, processos: { auto: { estadoProcesso: 'PAGAMENTO_ENVIADO', isDigital: true, statusPagamento: 'PAGAMENTO_ESTORNADO', tipoVendedor: 'PF', vendedor: { nome: 'Rogério Almeida Prado', documento: '52998224725' }, dadosBancariosVendedor: { idBanco: '341', tipoConta: 'CORRENTE', agencia: '1234', conta: '567890', titularDocumento: '52998224725' } } } })],
  },
  paula: {
    nome: 'Paula Comércio de Alimentos Ltda',
    dataNascimento: '2015-02-02',
    email: 'contato@paulaalimentos.example.com.br',
    celular: '67981239876',
    quotas: [auto({ grupo: '009050', cota: '0077', tipo: 'servico', situacaoCota: 'CANCELADO', statusGrupo: 'ENCERRADO', valorBem: 30_000, valorSaldoDevedor: 0, parcelasPagas: 11, parcelasRestantes: 0, prazoMeses: 36, assembleiaAtual: 36, proximaAssembleiaEmDias: undefined, processos: { devolucao: { status: null } } })],
  },
  quintino: {
    nome: 'Quintino Bocaiúva Neto',
    dataNascimento: '1964-11-11',
    email: 'quintino.neto@example.com.br',
    celular: '24985554444',
    quotas: [auto({ grupo: '002345', cota: '0333', tipo: 'imovel', valorBem: 350_000, valorSaldoDevedor: 301_200, parcelasPagas: 20, parcelasRestantes: 160, prazoMeses: 180, assembleiaAtual: 21, proximaAssembleiaEmDias: 12, permiteFgts: true })],
  },
  rita: {
    nome: 'Rita de Cássia Monteiro',
    dataNascimento: '1980-12-24',
    email: 'rita.monteiro@example.com.br',
    celular: '34987776666',
    casos: [{ numero: '00420021', tipo: 'Aviso de Contemplação', status: 'EM_ANDAMENTO', fase: 'Tratativa não Iniciada', descricao: 'Contemplação por sorteio', criadoHaDias: 3 }],
    quotas: [auto({ grupo: '010200', cota: '0021', tipo: 'pesados', valorBem: 420_000, valorSaldoDevedor: 355_000, contempladaHaDias: 3, modalidadeContemplacao: 'SO', parcelasPagas: 10, parcelasRestantes: 90, prazoMeses: 100, assembleiaAtual: 11, opcoesLance: ['001', '003'], processos: { contemplacao: { status: 'NAO_INICIADO' } } })],
  },
  tania: {
    nome: 'Tânia Regina Batista',
    dataNascimento: '1977-07-07',
    email: 'tania.batista@example.com.br',
    celular: '65981110000',
    quotas: [auto({ grupo: '009001', cota: '0188', situacaoCota: 'QUITADO', valorBem: 60_000, valorSaldoDevedor: 0, contempladaHaDias: 400, modalidadeContemplacao: 'LL', parcelasPagas: 72, parcelasRestantes: 0 })],
  },
  ulisses: {
    nome: 'Ulisses Guimarães Rocha',
    dataNascimento: '1998-09-30',
    email: 'ulisses.rocha@example.com.br',
    celular: '98984443333',
    quotas: [auto({ grupo: '011000', cota: '0009', statusGrupo: 'FORMACAO', parcelasPagas: 0, parcelasRestantes: 72, assembleiaAtual: 0, valorSaldoDevedor: 85_000, proximaAssembleiaEmDias: 25 })],
  },
};
