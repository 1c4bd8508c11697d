import type { CustomerUpstream } from '../../plugins/core/customer-upstream.js';
import type { Quota } from './quota.js';

/** Quota list page size (spec doc 1 §9). */
export const QUOTA_PAGE_SIZE = 20;

export interface QuotaPage {
  data: Quota[];
  page: number;
  total_pages: number;
  total?: number;
}

export function listQuotas(upstream: CustomerUpstream, page: number): Promise<QuotaPage> {
  return upstream.call<QuotaPage>({ method: 'GET', path: 'cotas', query: { page, page_size: QUOTA_PAGE_SIZE } });
}

/** The quota the session follows, with the token issued on its selection (login/cota-selecionada). */
export function selectedQuota(upstream: CustomerUpstream): Promise<Quota> {
  return upstream.call<Quota>({ method: 'GET', path: 'login/cota-selecionada', scope: 'quota' });
}
