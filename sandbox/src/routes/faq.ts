import { help } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { grantOf, invalid, notFound } from '../http.js';
import { FAQ } from '../state/content.js';
import type { SandboxContext } from '../context.js';

/** FAQ items per page (spec doc 1 §9). */
const PAGE_SIZE = 10;

const Search = z.object({
  category: z.coerce.number().int().positive().optional().nullable(),
  question: z.string().max(200).optional().nullable(),
  offset: z.coerce.number().int().min(0).default(0),
  id_cota: z.coerce.number().int().positive().optional().nullable(),
  question_url: z.string().max(200).optional().nullable(),
});

const Feedback = z.object({
  is_helpful: z.boolean(),
  id_cota: z.coerce.number().int().positive().optional().nullable(),
  question_id: z.coerce.number().int().positive(),
});

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** FAQ (spec doc 1 §7): topics by partner, search (category, question text, question_url; 10 per page), feedback. */
export default async function faqRoutes(app: FastifyInstance, { state }: SandboxContext) {
  serve(app, help.topics, async (request, reply) => {
    const topics = FAQ[Number((request.params as { partner: string }).partner)];
    if (!topics) return notFound(reply, 'Parceiro sem perguntas frequentes.');
    return { data: topics.map((t) => ({ id: t.id, category: t.category, total: t.questions.length })) };
  });

  serve(app, help.search, async (request, reply) => {
    const topics = FAQ[Number((request.params as { partner: string }).partner)];
    if (!topics) return notFound(reply, 'Parceiro sem perguntas frequentes.');
    const parsed = Search.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, 'Parâmetros de busca inválidos.');
    const { category, question, offset, question_url } = parsed.data;
    const customer = grantOf(request).customer;
    if (category && !topics.some((t) => t.id === category)) return notFound(reply, 'Categoria não encontrada.');
    const words = question ? fold(question).split(/\s+/).filter((w) => w.length > 1) : [];
    const all = topics
      .filter((t) => !category || t.id === category)
      .flatMap((t) => t.questions.map((q) => ({ ...q, category: t.category, categoryId: t.id })))
      .filter((q) => !question_url || q.url === question_url)
      .filter((q) => words.every((w) => fold(`${q.question} ${q.answer}`).includes(w)));
    return {
      total: all.length,
      offset,
      data: all.slice(offset, offset + PAGE_SIZE).map((q) => ({
        id: q.id,
        category: q.category,
        category_id: q.categoryId,
        question: q.question,
        answer: q.answer,
        url: q.url,
        is_helpful: state.content.feedback.get(`${customer}:${q.id}`) ?? null,
      })),
    };
  });

  serve(app, help.feedback, async (request, reply) => {
    const parsed = Feedback.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, 'is_helpful e question_id são obrigatórios.');
    const exists = Object.values(FAQ).some((topics) => topics.some((t) => t.questions.some((q) => q.id === parsed.data.question_id)));
    if (!exists) return notFound(reply, 'Pergunta não encontrada.');
    state.content.feedback.set(`${grantOf(request).customer}:${parsed.data.question_id}`, parsed.data.is_helpful);
    return { question_id: parsed.data.question_id, is_helpful: parsed.data.is_helpful };
  });
}
