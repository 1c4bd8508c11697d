import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import type { ScreenContext } from '../../composition/screens.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { FAQ_PAGE_SIZE, faqFeedback, faqSearch, faqTopics, type FaqItem } from './help-upstream.js';

const CategoryId = z.coerce.number().int().positive().max(1_000_000);
const QuestionUrl = z.string().regex(/^[a-z0-9-]{1,200}$/);
const Page = z.coerce.number().int().min(1).max(1000).catch(1);
/** FAQ pages read to find the question of a feedback (10 questions each). */
const OWN_FAQ_PAGES = 20;
const SearchText = z.string().trim().min(2, '@ajuda.erro.busca-curta').max(100, '@ajuda.erro.busca-longa');

/** A page of FAQ items and the links to its neighbours. */
function paged(base: string, page: number, total: number) {
  const sep = base.includes('?') ? '&' : '?';
  return {
    anterior: page > 1 ? `${base}${sep}pagina=${page - 1}` : '',
    proxima: page * FAQ_PAGE_SIZE < total ? `${base}${sep}pagina=${page + 1}` : '',
  };
}

const questionView = (q: FaqItem, categoryId: number | undefined) => ({
  id: q.id,
  pergunta: q.question,
  categoria: q.category,
  link: `/ajuda/${q.category_id ?? categoryId ?? 0}/${q.url}`,
});

/**
 * Help centre (spec doc 1 §2, §7): /ajuda (categories of faq/topics/{partner} and a search box),
 * /ajuda/{id} (a category, 10 questions per page), /ajuda/busca?q=&pagina= (search), and
 * /ajuda/{category}/{question_url} (a question with 'was this helpful', faq/feedback). An unknown
 * category or question is a clear screen, never an error page.
 */
export default async function help(app: FastifyInstance) {
  const partnerOf = (ctx: { upstream: ScreenContext['upstream'] }) => ctx.upstream!.session.data.partnerId;

  app.screens.register('ajuda', async (ctx) => {
    const topics = await faqTopics(ctx.upstream!, partnerOf(ctx)).catch((err: unknown) => {
      if (err instanceof UpstreamError && err.notFound) return { data: [] };
      throw err;
    });
    return { categorias: topics.data.map((t) => ({ id: t.id, nome: t.category, link: `/ajuda/${t.id}` })) };
  });

  app.screens.register('ajuda-categoria', async (ctx) => {
    const id = CategoryId.safeParse(ctx.params.id);
    if (!id.success) return { naoEncontrada: true };
    const page = Page.parse(ctx.query.get('pagina') ?? 1);
    const topics = await faqTopics(ctx.upstream!, partnerOf(ctx)).catch(notFoundAsEmpty);
    const topic = topics.data.find((t) => t.id === id.data);
    if (!topic) return { naoEncontrada: true };
    const found = await faqSearch(ctx.upstream!, partnerOf(ctx), { category: topic.id, offset: (page - 1) * FAQ_PAGE_SIZE }).catch(notFoundAsEmpty);
    return {
      categoria: topic.category,
      perguntas: found.data.map((q) => questionView(q, topic.id)),
      ...paged(`/ajuda/${topic.id}`, page, found.total ?? 0),
    };
  });

  app.screens.register('ajuda-busca', async (ctx) => {
    const raw = ctx.query.get('q') ?? '';
    const q = SearchText.safeParse(raw);
    if (!q.success) return { q: raw, buscou: false, erro: raw ? app.text(q.error.issues[0]!.message.slice(1)) : '' };
    const page = Page.parse(ctx.query.get('pagina') ?? 1);
    const found = await faqSearch(ctx.upstream!, partnerOf(ctx), { question: q.data, offset: (page - 1) * FAQ_PAGE_SIZE }).catch(notFoundAsEmpty);
    return {
      q: q.data,
      buscou: true,
      erro: '',
      resumo: app.text(!found.total ? 'ajuda.busca-vazia' : found.total === 1 ? 'ajuda.busca-uma' : 'ajuda.busca-resultados', { total: found.total ?? 0, q: q.data }),
      perguntas: found.data.map((item) => questionView(item, undefined)),
      ...paged(`/ajuda/busca?q=${encodeURIComponent(q.data)}`, page, found.total ?? 0),
    };
  });

  app.screens.register('ajuda-pergunta', async (ctx) => {
    const category = CategoryId.safeParse(ctx.params.category);
    const url = QuestionUrl.safeParse(ctx.params.id);
    if (!category.success || !url.success) return { naoEncontrada: true, voltarPara: '/ajuda' };
    const found = await faqSearch(ctx.upstream!, partnerOf(ctx), { category: category.data, question_url: url.data }).catch(notFoundAsEmpty);
    const item = found.data.find((q) => q.url === url.data);
    if (!item) return { naoEncontrada: true, voltarPara: '/ajuda' };
    return {
      pergunta: item.question,
      resposta: item.answer ?? '',
      categoria: item.category,
      voltarPara: `/ajuda/${category.data}`,
      id: item.id,
      avaliada: item.is_helpful !== null && item.is_helpful !== undefined,
      util: item.is_helpful === true,
    };
  });

  app.actions.register('help/search', {
    input: z.object({ q: SearchText }),
    async handler(input): Promise<ActionResult> {
      return { kind: 'navigate', to: `/ajuda/busca?q=${encodeURIComponent(input.q)}` };
    },
  });

  // 'Was this helpful': the screen shows the answer at once (optimistic submit); when the back
  // office does not take it, the error message puts the question back as it was.
  // The partner's questions, page by page, until every one asked for is found.
  app.ownership.define('faq-question', {
    refusal: 'ajuda.erro.pergunta-desconhecida',
    async own(ids, request) {
      const own = new Set<string>();
      const partner = request.session!.data.partnerId;
      for (let offset = 0; offset < FAQ_PAGE_SIZE * OWN_FAQ_PAGES; offset += FAQ_PAGE_SIZE) {
        const page = await faqSearch(request.customerUpstream(), partner, { offset }).catch(notFoundAsEmpty);
        for (const item of page.data) if (ids.includes(String(item.id))) own.add(String(item.id));
        if (own.size === ids.length || offset + FAQ_PAGE_SIZE >= page.total) break;
      }
      return own;
    },
  });

  app.actions.register('help/feedback', {
    owns: { 'faq-question': (input) => [input.question_id] },
    input: z.object({ question_id: z.coerce.number().int().positive(), is_helpful: z.boolean() }),
    async handler(input, { upstream }): Promise<ActionResult> {
      try {
        await faqFeedback(upstream!, input.question_id, input.is_helpful);
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        return { kind: 'error', title: app.text('erro.titulo'), message: app.text('ajuda.erro.feedback') };
      }
      return { kind: 'snackbar', message: app.text('ajuda.feedback-obrigado') };
    },
  });
}

function notFoundAsEmpty(err: unknown): { data: never[]; total: number } {
  if (err instanceof UpstreamError && err.notFound) return { data: [], total: 0 };
  throw err;
}
