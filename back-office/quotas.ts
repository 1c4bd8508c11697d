import { z } from 'zod';
import { endpoint, type Endpoint } from './endpoint.js';
import { Quota } from './session.js';

/** Doc 1 §7 "Quotas": the customer's quotas, one quota, its preferences. */

export const QuotaPage = z.object({ data: z.array(Quota), page: z.number(), page_size: z.number().optional(), total_pages: z.number(), total: z.number().optional() });
export type QuotaPage = z.infer<typeof QuotaPage>;

export const SimpleQuota = z.object({ idCota: z.number().int(), grupo: z.string(), cota: z.string(), versao: z.string(), tipo: z.string().optional() });

export const quotas = {
  /** The customer's quotas do not change within a minute but by the customer's own moves (which forget it). */
  list: endpoint({ method: 'GET', path: 'cotas', query: z.object({ page: z.number().int(), page_size: z.number().int() }), answer: QuotaPage, keep: { for: 'customer', seconds: 60, refreshAfterSeconds: 30 } }),
  simple: endpoint({ method: 'GET', path: 'cotas/simples', answer: z.object({ data: z.array(SimpleQuota) }), keep: { for: 'customer', seconds: 60, refreshAfterSeconds: 30 } }),
  detail: endpoint({ method: 'GET', path: 'cota/{id}', group: 'cota', answer: Quota }),
  /** Nickname or photo. */
  preferences: endpoint({
    method: 'PUT',
    path: 'cotas/{id}/preferencias',
    group: 'cotas/preferencias',
    body: z.object({ nickname: z.string().optional(), photo_url: z.string().optional() }),
    answer: z.unknown(),
    invalidates: (): readonly Endpoint[] => [quotas.list, quotas.simple],
  }),
};
