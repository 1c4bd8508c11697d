import type { FastifyInstance } from 'fastify';
import { mostRecentCase } from '../../domain/cases.js';
import { isCancelled } from '../../domain/quota-flags.js';
import { isPostSaleCase, postSaleInputs, reactivationInputs } from '../../domain/special-flows.js';
import type { HomeCard } from './home-screens.js';
import type { HomeData } from './home-upstream.js';

/** Card action target route names (doc 2 §2.1) of the post-sale and reactivation cards → routes. */
const TARGETS: Record<string, string> = {
  pos_venda: '/pos-venda',
  'pos-venda-boletos': '/pos-venda/boletos',
  'pos-venda-entendimento': '/pos-venda/entendimento',
  'pos-venda-venda': '/pos-venda/venda',
  'pos-venda-tipos-lance': '/pos-venda/tipos-lance',
  'pos-venda-informacoes-finais': '/pos-venda/informacoes-finais',
  reactivate: '/reactivate',
};

/**
 * The special flows' home cards, in the load order of doc 2 §4.1: nothing during a mandatory update; a
 * cancelled quota is checked for reactivation (table reactivation-card); otherwise the post-sale
 * case (the newest in progress, else the newest) picks its card and the 'e-mail enviado'
 * notification from table post-sale-card. Cards come from the card set special-flow-cards.
 */
export function specialFlowCards(app: FastifyInstance, data: HomeData, today: string, mandatoryUpdate: boolean): { cards: HomeCard[]; notificacao: boolean } {
  if (mandatoryUpdate) return { cards: [], notificacao: false };
  const cardOf = (id: unknown): HomeCard[] => {
    const card = app.flows.bundle.definitions.flatMap((d) => (d.kind === 'cards' && d.id === 'special-flow-cards' ? d.cards : [])).find((c) => c.id === id);
    return card ? [{ id: card.id, title: card.title, text: card.text, label: card.label, to: TARGETS[card.target] ?? '/home' }] : [];
  };
  if (isCancelled(data.quota)) {
    return { cards: cardOf(app.flows.decide('reactivation-card', reactivationInputs(data.quota, data.cases, today)).outcome), notificacao: false };
  }
  const kase = mostRecentCase(data.cases.filter(isPostSaleCase));
  if (!kase) return { cards: [], notificacao: false };
  const outcome = app.flows.decide('post-sale-card', { tipo: 'atendimento pos-venda', ...postSaleInputs(kase) }).outcome;
  if (!outcome || typeof outcome !== 'object') return { cards: [], notificacao: false };
  return { cards: cardOf(outcome.card), notificacao: outcome.notificacao === true };
}
