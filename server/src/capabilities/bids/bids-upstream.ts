import type { CustomerUpstream } from '../../plugins/core/customer-upstream.js';

/** Bid history page size (spec doc 1 §9). */
export const BID_PAGE_SIZE = 20;

export interface BidRules {
  valorBem: number;
  assembleia: { numero: number; data: string | null };
  lanceAberto: boolean;
  tiposLance: Array<{ modalidade: string; descricao: string; percentualMinimo?: number; percentualMaximo?: number; percentualFixo?: number }>;
  tiposOferta: Array<{ tipo: string; descricao: string }>;
  opcoes: Array<{ codigo: string }>;
  permiteFgts?: boolean;
}

export interface BidRecord {
  protocolo: string;
  assembleia: number;
  dataCredenciamento: string;
  modalidade: string;
  valorOferta: number;
  percentual: number;
  status: string;
}

export const bidRules = (upstream: CustomerUpstream, idCota: number) =>
  upstream.call<BidRules>({ method: 'GET', path: `cotas/${idCota}/credenciamento-lance`, scope: 'quota' });

export const bidHistory = (upstream: CustomerUpstream, idCota: number, page: number) =>
  upstream.call<{ data: { data: BidRecord[] }; total_pages: number }>({
    method: 'GET',
    path: `cotas/${idCota}/credenciamento-lance/historico`,
    query: { page_size: BID_PAGE_SIZE, page },
    scope: 'quota',
  });

export const simulateBid = (upstream: CustomerUpstream, idCota: number, offer: { situacaoModalidade: string; valorOferta: number; valorLanceEmbutido: number; valorFGTS: number }) =>
  upstream.call<{ saldoDevedorApos: number; parcelasRestantesApos: number; creditoLiquido: number }>({
    method: 'POST',
    path: `cotas/${idCota}/credenciamento-lance/simulacao`,
    json: offer,
    scope: 'quota',
  });

export const embeddedLimit = (upstream: CustomerUpstream, idCota: number, situacaoModalidade: string, valorLance: number) =>
  upstream.call<{ valorMaximoEmbutido: number }>({
    method: 'POST',
    path: `cotas/${idCota}/credenciamento-lance/lanceEmbutido`,
    json: { situacaoModalidade, valorLance },
    scope: 'quota',
  });

export const cancelBid = (upstream: CustomerUpstream, idCota: number, protocolo: string) =>
  upstream.call({ method: 'PUT', path: `cotas/${idCota}/credenciamento-lance/cancelamento-lance/${encodeURIComponent(protocolo)}`, scope: 'quota' });
