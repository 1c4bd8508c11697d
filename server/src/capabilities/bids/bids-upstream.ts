import { bids } from '../../../../back-office/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';

export type { BidRecord, BidRules } from '../../../../back-office/index.js';

/** Bid history page size (spec doc 1 §9). */
export const BID_PAGE_SIZE = 20;

export const bidRules = (upstream: CustomerUpstream, idCota: number) => upstream.request(bids.rules, { params: { id: idCota }, scope: 'quota' });

export const bidHistory = (upstream: CustomerUpstream, idCota: number, page: number) =>
  upstream.request(bids.history, { params: { id: idCota }, query: { page_size: BID_PAGE_SIZE, page }, scope: 'quota' });

export const simulateBid = (upstream: CustomerUpstream, idCota: number, offer: { situacaoModalidade: string; valorOferta: number; valorLanceEmbutido: number; valorFGTS: number }) =>
  upstream.request(bids.simulate, { params: { id: idCota }, json: offer, scope: 'quota' });

export const embeddedLimit = (upstream: CustomerUpstream, idCota: number, situacaoModalidade: string, valorLance: number) =>
  upstream.request(bids.embeddedLimit, { params: { quotaId: idCota }, json: { situacaoModalidade, valorLance }, scope: 'quota' });

export const cancelBid = (upstream: CustomerUpstream, idCota: number, protocolo: string) =>
  upstream.request(bids.cancel, { params: { id: idCota, protocol: protocolo }, scope: 'quota' });
