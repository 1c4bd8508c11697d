import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** Doc 1 §7 "FAQ": topics of a partner, search (10 per page), feedback on an answer. */

export const FaqTopic = z.object({ id: z.number().int(), category: z.string(), total: z.number().int().optional() });
export type FaqTopic = z.infer<typeof FaqTopic>;

export const FaqItem = z.object({
  id: z.number().int(),
  category: z.string(),
  category_id: z.number().int().optional(),
  question: z.string(),
  answer: z.string().optional(),
  url: z.string(),
  is_helpful: z.boolean().nullable(),
});
export type FaqItem = z.infer<typeof FaqItem>;

export const help = {
  /** A partner's FAQ categories change with its content, not with the customer (the search's answers carry the customer's feedback: not kept). */
  topics: endpoint({ method: 'GET', path: 'faq/topics/{partner}', group: 'faq/topics', answer: z.object({ data: z.array(FaqTopic) }), keep: { for: 'partner', seconds: 3600, refreshAfterSeconds: 1800 } }),
  search: endpoint({
    method: 'POST',
    path: 'faq/search/{partner}',
    group: 'faq/search',
    body: z.object({ category: z.number().int().nullable(), question: z.string().nullable(), offset: z.number().int(), id_cota: z.number().int().nullable(), question_url: z.string().nullable() }),
    answer: z.object({ data: z.array(FaqItem), total: z.number().int().min(0), offset: z.number().int().optional() }),
  }),
  feedback: endpoint({
    method: 'POST',
    path: 'faq/feedback',
    body: z.object({ is_helpful: z.boolean(), id_cota: z.number().int().nullable(), question_id: z.number().int() }),
    answer: z.looseObject({ question_id: z.number().int().optional(), is_helpful: z.boolean().optional() }),
  }),
};
