import type { FastifyInstance } from 'fastify';
import { CARD_PARTS, loadCashBilling, loadHome, loadVehicleBillingOf, startableCashBilling, type CashBillingStatus, type HomeData, type VehicleBillingStatus } from './home-upstream.js';
import { activeCancelledContemplatedNotice, activeContemplationNotice } from '../../domain/contemplation.js';
import { isCompanyId } from '../../domain/format.js';
import { isPaidOff } from '../../domain/quota-flags.js';
import { vehicleRouteInputs, vehicleScreenOf } from '../../domain/vehicle-billing.js';
import type { Quota } from '../quotas/quota.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';
import { serverTime } from '../../upstream/server-time.js';
import { homeModel, type HomeCard } from './home-screens.js';
import { localNow } from '../../domain/clock.js';
import { contemplationWarning, homeModals, type HomeModal } from '../../domain/home-notices.js';
import { isCancelled, isContemplated } from '../../domain/quota-flags.js';
import { specialFlowCards } from './special-flow-cards.js';

/** /home: the selected quota's summary and the partner's maintenance warning. */
export default async function home(app: FastifyInstance) {
  // Card action target route names (spec doc 2 §2.1) → routes of this app.
  const TARGETS: Record<string, string> = {
    faturamento: '/faturamento',
    PaymentFilling: '/faturamentoespecie/dadosbancariosestorno',
    home: '/home',
    contemplado: '/contemplado',
    'contemplado-aviso': '/contemplado?aviso=ciente',
    devolucao: '/devolucao',
    // Vehicle billing.
    faturamento_bem: '/faturamento',
    'pendencia-nf-novo': '/faturamentonovo/resolver-pendencias',
    'pendencia-nf-seminovo': '/faturamentoseminovo/pendencianotafiscal',
    // A used vehicle's reversed payment: the card names the bank data, so it opens them.
    PaymentFillingSeminovo: '/faturamentoseminovo/dadosbancariosestorno',
  };

  /** The card the definitions give a card id. */
  const cardOf = (id: unknown): HomeCard[] => {
    const card = app.flows.bundle.definitions.flatMap((d) => (d.kind === 'cards' ? d.cards : [])).find((c) => c.id === id);
    return card ? [{ id: card.id, title: card.title, text: card.text, label: card.label, to: TARGETS[card.target] ?? '/home' }] : [];
  };

  /**
   * The contemplation card (doc 2 §4.3, doc 1 §4), decided only by the definitions (awarded-flow-card):
   * the cancelled-and-contemplated notice, the contemplation notice, else the awarded flow's status.
   */
  function awardedCards(data: HomeData, today: string): HomeCard[] {
    const inputs = {
      avisoCancelada: activeCancelledContemplatedNotice(data.cases, data.quota, today) !== null,
      aviso: !isCancelled(data.quota) && activeContemplationNotice(data.cases, today) !== null,
      status: data.awarded?.status ?? null,
    };
    if (!inputs.avisoCancelada && !inputs.aviso && !data.awarded) return [];
    return cardOf(app.flows.decide('awarded-flow-card', inputs).outcome);
  }

  /** The vehicle-billing card (phase → card, by new/used, person/company, paid-off quota; doc 2 §4.5). */
  function vehicleCardsFor(vehicle: VehicleBillingStatus | null, quota: Quota, holder: string): HomeCard[] {
    if (!vehicle) return [];
    // A used vehicle's reversed payment is its own status (doc 2 §4.5): the card says so.
    const phase = vehicle.statusPagamento === 'PAGAMENTO_ESTORNADO' ? vehicle.statusPagamento : vehicle.status;
    return cardOf(app.flows.decide('vehicle-billing-card', { phase, product: vehicle.tipoFaturamento, company: isCompanyId(holder), paidOff: isPaidOff(quota) }).outcome);
  }

  // The refund card's targets (doc 2 §2.1, §2.7): Introduction and AccompanyValues are where /devolucao decides, PaymentFilling the bank data.
  const REFUND_TARGETS: Record<string, string> = { Introduction: '/devolucao', AccompanyValues: '/devolucao', PaymentFilling: '/devolucao/dados-bancarios' };

  /** A card of the definitions by id, with its target resolved. */
  function card(id: unknown, targets: Record<string, string>): HomeCard[] {
    const found = app.flows.bundle.definitions.flatMap((d) => (d.kind === 'cards' ? d.cards : [])).find((c) => c.id === id);
    return found ? [{ id: found.id, title: found.title, text: found.text, label: found.label, to: targets[found.target] ?? '/home' }] : [];
  }

  /** Which home cards the quota's state calls for, decided only by the definitions (phase → card). */
  function cardsFor(cashBilling: CashBillingStatus | null): HomeCard[] {
    if (!cashBilling) return [];
    return cardOf(app.flows.decide('cash-billing-card', { phase: cashBilling.status }).outcome);
  }

  /** The refund card (refund-card), for a quota that may have a refund. */
  function refundCards(refundStatus: string | null | undefined): HomeCard[] {
    return refundStatus === undefined ? [] : card(app.flows.decide('refund-card', { status: refundStatus }).outcome, REFUND_TARGETS);
  }

  // /faturamento: where a billing card leads. The status → screen table picks the flow's screen;
  // until that flow's screens are served this page states where the process stands.
  app.screens.register('faturamento', async (ctx) => {
    const upstream = ctx.upstream!;
    // A vehicle quota's billing: the common/manual table, then the product's (doc 2 §4.5).
    const [quota, time] = await Promise.all([selectedQuota(upstream), serverTime(upstream)]);
    const vehicle = await loadVehicleBillingOf(upstream, quota, time);
    if (vehicle) {
      const target = vehicleScreenOf((table, inputs) => app.flows.decide(table, inputs).outcome, vehicleRouteInputs(vehicle, upstream.session.data.customer.inscricaoNacional, ctx.partner.partner.prazo_geral_faturamento_bem, localNow(time).slice(0, 10)));
      // A screen the route table does not serve (the definitions may name one it lacks): home.
      return { redirect: app.definitions.routes.some((r) => r.path === target) ? target : '/home' };
    }
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
    const data = await loadHome(upstream, ctx.partner.partner.id, ctx.secondary);
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
    // post-sale and reactivation cards, and the post-sale notification.
    const special = specialFlowCards(app, data, today, upstream.session.data.mandatoryUpdate === true);
    return {
      ...homeModel(data, upstream.session.data.customer.nome, app.text, upstream.session.data.mandatoryUpdate === true ? [] : [...awardedCards(data, today), ...cardsFor(data.cashBilling), ...vehicleCardsFor(data.vehicleBilling, data.quota, upstream.session.data.customer.inscricaoNacional), ...refundCards(data.refundStatus), ...special.cards]),
      naoPerca: !stop && contemplationWarning(data.cases, today),
      // A card may still come: one placeholder where the cards are, until the follow-up brings them.
      cardsPending: CARD_PARTS.some((part) => ctx.pending(part)),
      modal,
      posVendaNotificacao: special.notificacao,
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
    // Memory with many live sessions: copies of the caller's session, as that many logins would leave.
    app.post<{ Body: { n?: number } }>('/api/bench/sessions', async (request, reply) => {
      const session = request.session;
      if (!session) return reply.code(401).send({ message: 'login required' });
      const n = Math.min(Math.max(Number(request.body?.n ?? 0), 0), 100_000);
      for (let i = 0; i < n; i++) await app.sessions.create(structuredClone(session.data));
      return { created: n };
    });
    app.get('/bench/memory', async () => {
      globalThis.gc?.();
      return process.memoryUsage();
    });
  }
}
