/**
 * Vehicle billing as the core system keeps it (core/faturamento/auto), and the sandbox-only
 * reference data it checks against: brands and models, registered dealerships (fornecedores).
 * Inclusions (a brand or a dealership the lists lack) finish by themselves after 48 hours on the
 * sandbox clock (doc 2 §9).
 */

export interface VehicleOrder {
  marca?: string;
  codigoFabricante?: string;
  modelo?: string;
  ano?: string;
  cor?: string;
  tipoVeiculo?: string;
  valorCompra?: number;
  valorVeiculo?: number;
  cnpjConcessionaria?: string;
  razaoSocial?: string;
  concessionariaNotFound?: boolean;
  newMarca?: string;
  newModelo?: string;
  dadosPagamento?: {
    formaPagamento: string;
    dadosBancarios: { banco: string; agencia: string; digitoAgencia?: string; conta: string; tipoConta: 'CORRENTE' | 'POUPANCA'; titularDocumento: string } | null;
  };
  urlsArquivos?: string[];
  valorNotaFiscal?: number;
}

export interface VehicleProcess {
  /** The billing status (doc 2 §4.5); used-vehicle seeds give only estadoProcesso. */
  status?: string;
  tipoFaturamento?: 'NOVO' | 'SEMINOVO';
  fluxoManual?: boolean;
  /** Days since the process was created (seed); dataCriacao is fixed from it on first read. */
  criadoHaDias?: number;
  dataCriacao?: string;
  respostaAnalista?: string;
  observacao?: string;
  pedido?: VehicleOrder;
  /** A brand or dealership inclusion under way since (epoch ms on the sandbox clock). */
  inclusaoDesde?: number;
  /** A document analysis under way since (epoch ms). */
  analiseDesde?: number;
  /** Inspection fees charged (a restart charges it again). */
  taxasVistoria?: number;
  telaFinalVista?: boolean;
  eventos?: Array<{ situacao: 'Aberto' | 'Concluido' | 'Fechado' | 'Pendente' | 'Erro'; descricao: string; em: string }>;
  /** Used-vehicle state (doc 2 §4.5 timeline), digital inspection and payment status. */
  estadoProcesso?: string;
  isDigital?: boolean;
  statusPagamento?: string;
  /** Used vehicle: the vehicle, its simulation and its inspection (sandbox/src/state/used-vehicle.ts). */
  usado?: import('./used-vehicle.js').UsedProcessRecord;
  /** Used vehicle: the seller's kind, data and bank account, and the documents sent. */
  tipoVendedor?: 'PF' | 'REVENDEDORA_CONCESSIONARIA' | 'LOCADORA' | 'OUTRAS_EMPRESAS';
  vendedor?: { nome: string; documento: string; email?: string; telefone?: string };
  dadosBancariosVendedor?: { idBanco: string; tipoConta: 'CORRENTE' | 'POUPANCA'; agencia: string; digitoAgencia?: string; conta: string; titularDocumento: string };
  documentosVendedor?: string[];
}

/** The inspection fee deducted from the credit letter (doc 2 §9), charged again on a restart. */
export const INSPECTION_FEE = 150;
/** Brand or dealership inclusion: up to 48 hours (doc 2 §4.5, §9). */
export const INCLUSION_HOURS = 48;
/** Document analysis of the invoice and the correction letter: 48 hours. */
export const DOCUMENT_ANALYSIS_HOURS = 48;

export interface Brand {
  codigoFabricante: string;
  marca: string;
  modelos: Array<{ codigoModelo: string; modelo: string; tipo: string }>;
}

const brand = (codigoFabricante: string, marca: string, modelos: Array<[string, string]>): Brand => ({
  codigoFabricante,
  marca,
  modelos: modelos.map(([modelo, tipo], i) => ({ codigoModelo: `${codigoFabricante}${String(i + 1).padStart(3, '0')}`, modelo, tipo })),
});

/** The core system's brand and model lists. */
export function seedBrands(): Brand[] {
  return [
    brand('001', 'Volkswagen', [['Polo', 'LEVE'], ['T-Cross', 'SUV_CAMIONETE'], ['Saveiro', 'UTILITARIO']]),
    brand('002', 'Fiat', [['Argo', 'LEVE'], ['Strada', 'UTILITARIO'], ['Pulse', 'SUV_CAMIONETE']]),
    brand('003', 'Chevrolet', [['Onix', 'LEVE'], ['Tracker', 'SUV_CAMIONETE']]),
    brand('004', 'Toyota', [['Corolla', 'LEVE'], ['Hilux', 'SUV_CAMIONETE']]),
    brand('005', 'Honda', [['City', 'LEVE'], ['CG 160', 'MOTOCICLETA']]),
  ];
}

/** Dealerships registered as suppliers (fornecedores), by CNPJ (digits and letters, upper case). */
export function seedDealerships(): Map<string, string> {
  return new Map([
    ['11222333000181', 'Aurora Veículos Concessionária Ltda'],
    ['12ABC34501DE35', 'Alfa Motors Comércio de Veículos Ltda'],
  ]);
}

/** A registered dealership the sandbox knows for tests and demos that add one (valid, not registered). */
export const UNREGISTERED_DEALERSHIP = { cnpj: '45723174000110', razaoSocial: 'Nova Estrada Veículos Ltda' };

/** The reference lists of vehicle billing, rebuilt on reset. */
export class VehicleReference {
  readonly brands = seedBrands();
  readonly dealerships = seedDealerships();
}
