import type { FastifyInstance } from 'fastify';
import { loadHome } from './home-upstream.js';
import { homeModel, type HomeCard } from './home-screens.js';

/** /home: the selected quota's summary and the partner's maintenance warning. */
export default async function home(app: FastifyInstance) {
  // Card action target route names (spec doc 2 §2.1) → routes of this app.
  const TARGETS: Record<string, string> = { faturamento: '/faturamento', PaymentFilling: '/faturamento', home: '/home' };

  /** Which home cards the quota's state calls for, decided only by the definitions (phase → card). */
  function cardsFor(data: Awaited<ReturnType<typeof loadHome>>): HomeCard[] {
    if (!data.cashBilling) return [];
    const id = app.flows.decide('cash-billing-card', { phase: data.cashBilling.status }).outcome;
    const card = app.flows.bundle.definitions.flatMap((d) => (d.kind === 'cards' ? d.cards : [])).find((c) => c.id === id);
    return card ? [{ id: card.id, title: card.title, text: card.text, label: card.label, to: TARGETS[card.target] ?? '/home' }] : [];
  }

  // /faturamento: where a billing card leads. The status → screen table picks the flow's screen;
  // until that flow's screens are served (issue 9) this page states where the process stands.
  app.screens.register('faturamento', async (ctx) => {
    const data = await loadHome(ctx.upstream!, ctx.partner.partner.id);
    if (!data.cashBilling) return { redirect: '/home' };
    const target = app.flows.decide('cash-billing-screen', { status: data.cashBilling.status, caseExists: data.cashBilling.possuiCaso }).outcome;
    if (typeof target === 'string' && target !== '/faturamento' && app.definitions.routes.some((r) => r.path === target)) return { redirect: target };
    const [card] = cardsFor(data);
    return { situacao: card?.text ?? app.text('faturamento.em-andamento') };
  });

  app.screens.register('home', async (ctx) => {
    const data = await loadHome(ctx.upstream!, ctx.partner.partner.id);
    return homeModel(data, ctx.upstream!.session.data.customer.nome, app.text, cardsFor(data));
  });

  // The benchmark's floor: the same upstream calls as the home screen, raw JSON, no screen.
  if (app.config.BENCH_ROUTES) {
    app.get('/api/bench/passthrough/home', async (request, reply) => {
      if (!request.session?.data.quota) return reply.code(401).send({ message: 'login and quota required' });
      const partner = await app.partners.forRequest(request);
      return loadHome(request.customerUpstream(), partner.partner.id);
    });
    app.get('/bench/hello', async () => ({ hello: 'world' }));
  }
}
