import type { FastifyRequest } from 'fastify';
import { quotas, session, type AnswerOf } from '../../../../back-office/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import type { Quota } from './quota.js';

/** Quota list page size (spec doc 1 §9). */
export const QUOTA_PAGE_SIZE = 20;

export type QuotaPage = AnswerOf<typeof quotas.list>;

export function listQuotas(upstream: CustomerUpstream, page: number): Promise<QuotaPage> {
  return upstream.request(quotas.list, { query: { page, page_size: QUOTA_PAGE_SIZE } });
}

/**
 * The list's first page read ahead of its screen (the login reads it beside the CRM's cases), kept
 * by the contract's declaration so the screen finds it. A failure is the screen's to answer: it
 * reads again and shows its message.
 */
export function readQuotaListAhead(request: FastifyRequest): Promise<void> {
  return listQuotas(request.customerUpstream(), 1).then(
    () => undefined,
    (err: unknown) => request.log.debug({ err }, 'quota list not read ahead; its screen reads it'),
  );
}

/** The quota the session follows, with the token issued on its selection (login/cota-selecionada). */
export function selectedQuota(upstream: CustomerUpstream): Promise<Quota> {
  return upstream.request(session.selectedQuota, { scope: 'quota' });
}
