import type { FastifyInstance } from 'fastify';
import type { ActionResult } from '../../../../screens/contract/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { refusalOf as flowRefusal } from '../../flow-parts/index.js';
import { cashBillingUpstream } from './cash-billing-upstream.js';

/** Route prefix of the cash (espécie) group (doc 2 §2.3). */
export const ESPECIE = '/faturamentoespecie';

/** Where a flow screen goes when the quota has no cash-billing process: /faturamento decides. */
export const NO_PROCESS = { redirect: '/faturamento' } as const;

/** The selected quota of the session (every cash-billing route needs one). */
export const quotaIdOf = (u: CustomerUpstream) => u.session.data.quota!.idCota;

/** The billing state of the selected quota, or null when it has no process. */
export const billingOf = (u: CustomerUpstream) => cashBillingUpstream.status(u, quotaIdOf(u));

/**
 * An upstream refusal as the form's message (the back office's words, else 'Falha ao realizar
 * esta operação…'); an unavailable back office or an expired session goes on as an error.
 */
export function refusalOf(app: FastifyInstance, err: unknown): ActionResult {
  return flowRefusal(app, err, 'especie.erro.operacao');
}
