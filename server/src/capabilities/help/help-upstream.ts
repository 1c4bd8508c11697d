import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { help } from '../../../../back-office/index.js';

/** FAQ items per page (spec doc 1 §9). */
export const FAQ_PAGE_SIZE = 10;

export type { FaqItem, FaqTopic } from '../../../../back-office/index.js';

export interface FaqSearch {
  category?: number;
  question?: string;
  offset?: number;
  question_url?: string;
}

export const faqTopics = (upstream: CustomerUpstream, partner: number) =>
  upstream.request(help.topics, { params: { partner } });

/** POST faq/search/{partner} (category, question, offset, id_cota, question_url). */
export const faqSearch = (upstream: CustomerUpstream, partner: number, search: FaqSearch) =>
  upstream.request(help.search, {
    params: { partner },
    json: {
      category: search.category ?? null,
      question: search.question ?? null,
      offset: search.offset ?? 0,
      id_cota: upstream.session.data.quota?.idCota ?? null,
      question_url: search.question_url ?? null,
    },
  });

export const faqFeedback = (upstream: CustomerUpstream, questionId: number, helpful: boolean) =>
  upstream.request(help.feedback, {
    json: { is_helpful: helpful, id_cota: upstream.session.data.quota?.idCota ?? null, question_id: questionId },
  });
