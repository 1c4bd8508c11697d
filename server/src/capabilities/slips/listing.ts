import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { selectedQuotaId } from './action-helpers.js';
import { slipsUpstream, type SecondCopyListing } from './slips-upstream.js';

/** Listings read for a request, by unify flag: the ownership check and the handler read one. */
const listings = new WeakMap<FastifyRequest, Map<boolean, Promise<SecondCopyListing>>>();

/** The selected quota's second-copy listing (all the customer's quotas' when unifying), read once per request. */
export function listingOf(request: FastifyRequest, unify: boolean): Promise<SecondCopyListing> {
  let byFlag = listings.get(request);
  if (!byFlag) listings.set(request, (byFlag = new Map()));
  let listing = byFlag.get(unify);
  if (!listing) {
    listing = slipsUpstream.secondCopy(request.customerUpstream(), selectedQuotaId(request)!, unify);
    byFlag.set(unify, listing);
  }
  return listing;
}

/**
 * The customer's own instalments and slips, for the ids of slip actions (security/ownership.ts):
 * the open instalments of the listing, and the slips the back office finds under the selected quota.
 */
export function defineSlipLists(app: FastifyInstance): void {
  const instalments = (unify: boolean) => async (_ids: string[], request: FastifyRequest) =>
    selectedQuotaId(request) === null ? new Set<string>() : new Set((await listingOf(request, unify)).parcelas.map((p) => p.identificadorCobranca));
  app.ownership.define('instalment', { refusal: 'boletos.erro.parcela-desconhecida', own: instalments(false) });
  app.ownership.define('unified-instalment', { refusal: 'boletos.erro.parcela-desconhecida', own: instalments(true) });
  app.ownership.define('slip', {
    refusal: 'boletos.erro.boleto-desconhecido',
    async own(ids, request) {
      const idCota = selectedQuotaId(request);
      const own = new Set<string>();
      if (idCota === null) return own;
      for (const id of ids) {
        try {
          await slipsUpstream.slip(request.customerUpstream(), idCota, id);
          own.add(id);
        } catch (err) {
          if (!(err instanceof UpstreamError) || !err.notFound) throw err;
        }
      }
      return own;
    },
  });
}
