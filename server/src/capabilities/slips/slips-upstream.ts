import { renegotiation, slips, type Delivery } from '../../../../back-office/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';

export type { Delivery, LateInstalment, PayoffQuote, PendingInstalment, RenegotiationSummary, SecondCopyListing, SlipData } from '../../../../back-office/index.js';






/** Slip calls need the token issued on quota selection (spec doc 1 §6). */
const quota = { scope: 'quota' as const };

export const slipsUpstream = {
  secondCopy: (u: CustomerUpstream, idCota: number, unify: boolean) =>
    u.request(slips.secondCopy, { params: { id: idCota }, query: { SN_UnificaParcelasOutrasCota: unify ? 'S' : 'N' }, ...quota }),
  mark: (u: CustomerUpstream, idCota: number, identificadorCobranca: string, on: boolean) =>
    u.request(on ? slips.mark : slips.unmark, { params: { id: idCota }, json: { identificadorCobranca }, ...quota }),
  generateMarked: (u: CustomerUpstream, idCota: number) => u.request(slips.generateMarked, { params: { id: idCota }, json: {}, ...quota }),
  generate: (u: CustomerUpstream, idCota: number, identificadorProcesso: string, cobrancas: string[]) =>
    u.request(slips.generate, { params: { id: idCota }, json: { identificadorProcesso, cobrancas }, ...quota }),
  payoffQuote: (u: CustomerUpstream, idCota: number) => u.request(slips.payoffQuote, { params: { id: idCota }, ...quota }),
  payoffSlip: (u: CustomerUpstream, idCota: number) => u.request(slips.payoffSlip, { params: { id: idCota }, json: {}, ...quota }),
  slip: (u: CustomerUpstream, idCota: number, idBoleto: string) => u.request(slips.slip, { params: { id: idCota, b: idBoleto }, ...quota }),
  pdf: (u: CustomerUpstream, idCota: number, idBoleto: string) => u.download({ method: 'GET', path: `cotas/${idCota}/boletos/${idBoleto}/imprimir`, ...quota }),
  email: (u: CustomerUpstream, idCota: number, idBoleto: string, recipients: Array<{ nome: string; email: string }>) =>
    u.request(slips.email, { params: { id: idCota, b: idBoleto }, json: recipients, ...quota }),
  delivery: (u: CustomerUpstream, idCota: number) => u.request(slips.delivery, { params: { id: idCota }, ...quota }),
  setDelivery: (u: CustomerUpstream, idCota: number, formaEnvio: Delivery['formaEnvio']) =>
    u.request(slips.setDelivery, { params: { id: idCota }, json: { formaEnvio }, ...quota }),
};



/** Renegotiation calls (spec doc 1 §7), for the customer across their quotas. */
export const renegotiationUpstream = {
  validate: (u: CustomerUpstream) =>
    u.request(renegotiation.validate),
  late: (u: CustomerUpstream) => u.request(renegotiation.late),
  select: (u: CustomerUpstream, parcelasSelecionadas: string[]) => u.request(renegotiation.select, { json: { parcelasSelecionadas } }),
  summary: (u: CustomerUpstream) => u.request(renegotiation.summary),
  confirm: (u: CustomerUpstream) => u.request(renegotiation.confirm, { json: {} }),
};
