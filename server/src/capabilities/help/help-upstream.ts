import type { CustomerUpstream } from '../../plugins/core/customer-upstream.js';

/** FAQ items per page (spec doc 1 §9). */
export const FAQ_PAGE_SIZE = 10;

export interface FaqTopic {
  id: number;
  category: string;
  total?: number;
}

export interface FaqItem {
  id: number;
  category: string;
  category_id?: number;
  question: string;
  answer?: string;
  url: string;
  is_helpful: boolean | null;
}

export interface FaqSearch {
  category?: number;
  question?: string;
  offset?: number;
  question_url?: string;
}

export const faqTopics = (upstream: CustomerUpstream, partner: number) =>
  upstream.call<{ data: FaqTopic[] }>({ method: 'GET', path: `faq/topics/${partner}` });

/** POST faq/search/{partner} (category, question, offset, id_cota, question_url). */
export const faqSearch = (upstream: CustomerUpstream, partner: number, search: FaqSearch) =>
  upstream.call<{ data: FaqItem[]; total: number }>({
    method: 'POST',
    path: `faq/search/${partner}`,
    json: {
      category: search.category ?? null,
      question: search.question ?? null,
      offset: search.offset ?? 0,
      id_cota: upstream.session.data.quota?.idCota ?? null,
      question_url: search.question_url ?? null,
    },
  });

export const faqFeedback = (upstream: CustomerUpstream, questionId: number, helpful: boolean) =>
  upstream.call({
    method: 'POST',
    path: 'faq/feedback',
    json: { is_helpful: helpful, id_cota: upstream.session.data.quota?.idCota ?? null, question_id: questionId },
  });
