import type { FastifyInstance } from 'fastify';
import { loadCashBilling, loadHome, startableCashBilling, type CashBillingStatus } from './home-upstream.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';
import { serverTime } from '../../upstream/server-time.js';
import { homeModel, type HomeCard } from './home-screens.js';
import { localNow } from '../../domain/clock.js';
import { contemplationWarning, homeModals, type HomeModal } from '../../domain/home-notices.js';
import { isCancelled, isContemplated } from '../../domain/quota-flags.js';

/** /home: the selected quota's summary and the partner's maintenance warning. */
export default async function home(app: FastifyInstance) {
  // Card action target route names (spec doc 2 §2.1) → routes of this app.
  const TARGETS: Record<string, string> = { faturamento: '/faturamento', PaymentFilling: '/faturamentoespecie/dadosbancariosestorno', home: '/home' };

  /** Which home cards the quota's state calls for, decided only by the definitions (phase → card). */
  function cardsFor(cashBilling: CashBillingStatus | null): HomeCard[] {
    if (!cashBilling) return [];
    const id = app.flows.decide('cash-billing-card', { phase: cashBilling.status }).outcome;
    const card = app.flows.bundle.definitions.flatMap((d) => (d.kind === 'cards' ? d.cards : [])).find((c) => c.id === id);
    return card ? [{ id: card.id, title: card.title, text: card.text, label: card.label, to: TARGETS[card.target] ?? '/home' }] : [];
  }

  // /faturamento: where a billing card leads. The status → screen table picks the flow's screen;
  // until that flow's screens are served (issue 9) this page states where the process stands.
  app.screens.register('faturamento', async (ctx) => {
    const upstream = ctx.upstream!;
    const cashBilling = (await loadCashBilling(upstream)) ?? (await startableCashBilling(upstream, ...(await Promise.all([selectedQuota(upstream), serverTime(upstream)]))));
    if (!cashBilling) return { redirect: '/home' };
    const target = app.flows.decide('cash-billing-screen', { status: cashBilling.status, caseExists: cashBilling.possuiCaso }).outcome;
    if (typeof target === 'string' && target !== '/faturamento' && app.definitions.routes.some((r) => r.path === target)) return { redirect: target };
    const [card] = cardsFor(cashBilling);
    return { situacao: card?.text ?? app.text('faturamento.em-andamento') };
  });

  const MODAL_TARGETS: Record<HomeModal, string> = { 'prazo-finalizado': '/customer-service', 'verificar-documentos': '/faturamento', contemplacao: '/faturamento' };

  app.screens.register('home', async (ctx) => {
    const upstream = ctx.upstream!;
    const data = await loadHome(upstream, ctx.partner.partner.id);
    const today = localNow(data.time).slice(0, 10);
    const stop = upstream.session.data.mandatoryUpdate === true || isCancelled(data.quota);
    // Each modal at most once per day per customer, remembered in the database (web and native agree).
    let modal = null;
    if (!stop) {
      for (const candidate of homeModals(data.cases, isContemplated(data.quota, today))) {
        if (await app.dailyNotices.claim(upstream.session.data.customer.inscricaoNacional, candidate, today)) {
          modal = { id: candidate, title: app.text(`home.modal.${candidate}.titulo`), text: app.text(`home.modal.${candidate}.texto`), label: app.text(`home.modal.${candidate}.acao`), to: MODAL_TARGETS[candidate] };
          break;
        }
      }
    }
    return {
      ...homeModel(data, upstream.session.data.customer.nome, app.text, cardsFor(data.cashBilling)),
      naoPerca: !stop && contemplationWarning(data.cases, today),
      modal,
    };
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
