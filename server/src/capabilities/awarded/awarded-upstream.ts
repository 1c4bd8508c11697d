import { awarded } from '../../../../back-office/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { isNoProcess } from '../../upstream/no-process.js';

export type { AwardedConditions, AwardedFlowData, AwardedStatus, VerificationResults } from '../../../../back-office/index.js';

/** The awarded-flow calls (core/contemplacao) for the selected quota; shapes in the back-office contract. */
export const awardedUpstream = {
  /** The flow's state, or null when the quota has no awarded process ('sua cota não possui processos' is ignored, doc 2 §8). */
  status: (u: CustomerUpstream, idCota: number) =>
    u.request(awarded.status, { query: { idCota } }).catch((err: unknown) => {
      if (isNoProcess(err)) return null;
      throw err;
    }),
  conditions: (u: CustomerUpstream, idCota: number) => u.request(awarded.conditions, { query: { idCota } }),
  confirmOffer: (u: CustomerUpstream, idCota: number) => u.request(awarded.confirmOffer, { json: { idCota, aceite: true } }),
  verification: (u: CustomerUpstream, idCota: number) => u.request(awarded.verification, { query: { idCota } }),
  /** The restriction; a failed fetch clears it (doc 2 §4.3), an expired session still goes on. */
  restriction: (u: CustomerUpstream, idCota: number) =>
    u.request(awarded.restriction, { query: { idCota } }).then(
      (a) => a.restricao,
      (err: unknown) => {
        if (err instanceof UpstreamError && err.tokenExpired) throw err;
        return null;
      },
    ),
  update: (u: CustomerUpstream, idCota: number, change: { garantia?: string; tipoPesado?: string }) => u.request(awarded.update, { json: { idCota, ...change } }),
  restart: (u: CustomerUpstream, idCota: number) => u.request(awarded.restart, { json: { idCota } }),
};
