import { cashBilling, type BankData } from '../../../../back-office/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { isNoProcess } from '../../upstream/no-process.js';

export type { BankData, CashBillingCheck, CashBillingData, TimelineStatus } from '../../../../back-office/index.js';

/** Cash-credit billing calls (doc 2 §7 "Cash credit"), for the selected quota; shapes in the back-office contract. */
export const cashBillingUpstream = {
  check: (u: CustomerUpstream, idCota: number) => u.request(cashBilling.check, { query: { idCota } }),
  /** Confirms the billing type (cash) and starts the process. */
  start: (u: CustomerUpstream, idCota: number) => u.request(cashBilling.start, { json: { idCota, tipoFaturamento: 'ESPECIE' } }),
  /** The billing state, or null when the quota has no such process ('sua cota não possui processos' is ignored, doc 2 §8). */
  status: (u: CustomerUpstream, idCota: number) =>
    u.request(cashBilling.status, { query: { idCota } }).catch((err: unknown) => {
      if (isNoProcess(err)) return null;
      throw err;
    }),
  update: (u: CustomerUpstream, idCota: number, change: { dadosBancarios?: BankData; aceiteTermo?: true; cadastroAtualizado?: true }) =>
    u.request(cashBilling.update, { json: { idCota, ...change } }),
  requestPayment: (u: CustomerUpstream, idCota: number) => u.request(cashBilling.requestPayment, { json: { idCota } }),
  banks: (u: CustomerUpstream, idCota: number) => u.request(cashBilling.banks, { params: { idCota } }),
};
