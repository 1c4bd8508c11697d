import { refund, type RefundBankData } from '../../../../back-office/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { isNoProcess } from '../../upstream/no-process.js';

export type { RefundBankData, RefundData, RefundTimelineStep, RefundValues } from '../../../../back-office/index.js';

/** Refund calls (doc 2 §7 "Refund"), for the selected quota; shapes in the back-office contract. */
export const refundUpstream = {
  available: (u: CustomerUpstream, idCota: number) => u.request(refund.available, { query: { idCota } }),
  /** The refund state, or null when the quota has no refund process ('sua cota não possui processos' is ignored, doc 2 §8). */
  status: (u: CustomerUpstream, idCota: number) =>
    u.request(refund.status, { query: { idCota } }).catch((err: unknown) => {
      if (isNoProcess(err)) return null;
      throw err;
    }),
  start: (u: CustomerUpstream, idCota: number) => u.request(refund.start, { query: { idCota } }),
  date: (u: CustomerUpstream, idCota: number) => u.request(refund.date, { query: { idCota } }),
  requestPayment: (u: CustomerUpstream, idCota: number, change: { dadosBancarios?: RefundBankData; dataDevolucao?: string }) =>
    u.request(refund.requestPayment, { json: { idCota, ...change } }),
  /** The values to return: of a cancelled quota, or of a closed group (closure). */
  values: (u: CustomerUpstream, idCota: number, closure: boolean) =>
    closure ? u.request(refund.closureValues, { params: { idCota } }) : u.request(refund.cancelledValues, { params: { idCota } }),
  banks: (u: CustomerUpstream, idCota: number) => u.request(refund.banks, { params: { idCota } }),
  /** The state (UF) of the holder's main address, or undefined when it cannot be read (then national holidays only). */
  state: (u: CustomerUpstream, idCota: number): Promise<string | undefined> =>
    u
      .request(refund.registration, { params: { id: idCota } })
      .then((r) => (r.enderecos.find((e) => e.principal) ?? r.enderecos[0])?.uf.toUpperCase())
      .catch((err: unknown) => {
        if (err instanceof UpstreamError && err.tokenExpired) throw err;
        return undefined;
      }),
};
