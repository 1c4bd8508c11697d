import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { UpstreamError } from '../../upstream/upstream-error.js';

/**
 * The spec's slip errors (doc 1 §8): a refused request shows `messageKey` (e.g. 'Desculpe, não
 * foi possível gerar o boleto.'), an unavailable back office the system error with a retry;
 * anything else goes on to the generic handler.
 */
export function slipFailure(app: FastifyInstance, err: unknown, messageKey: string): ActionResult {
  if (!(err instanceof UpstreamError) || err.tokenExpired) throw err;
  if (err.unavailable) return { kind: 'error', title: app.text('erro.titulo'), message: app.text('boletos.erro.sistema'), retry: true };
  return { kind: 'error', title: app.text('erro.titulo'), message: app.text(messageKey) };
}

/** The quota the session follows; slip actions without one go back to the quota list. */
export function selectedQuotaId(request: FastifyRequest): number | null {
  return request.session?.data.quota?.idCota ?? null;
}

export const NO_QUOTA: ActionResult = { kind: 'navigate', to: '/groups-and-quotas' };

/** Where a generated slip is shown. */
export const generatedSlipPath = (idBoleto: string) => `/boletos/boletogerado?boleto=${encodeURIComponent(idBoleto)}`;
