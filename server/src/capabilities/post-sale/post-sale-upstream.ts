import { postSale, registration as registrationCalls, session as sessionCalls, slips, type CallbackReason } from '../../../../back-office/index.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';

export type { Registration } from '../../../../back-office/index.js';

/** Post-sale calls: the security question and call-backs (contract), registration data, slip delivery, SMS token. */
export const postSaleUpstream = {
  securityCheck: (u: CustomerUpstream, idCota: number, ano: number) => u.request(postSale.securityCheck, { json: { idCota, ano } }),
  callback: (u: CustomerUpstream, idCota: number, telefone: string, periodo: 'MANHA' | 'TARDE', motivo: CallbackReason) => u.request(postSale.callback, { json: { idCota, telefone, periodo, motivo } }),
  registration: (u: CustomerUpstream, idCota: number) => u.request(registrationCalls.get, { params: { id: idCota } }),
  updateContact: (u: CustomerUpstream, idCota: number, authToken: string, change: { emails?: Array<{ email: string }>; telefones?: Array<{ ddd: string; numero: string; tipo: number }> }) =>
    u.request(registrationCalls.update, { params: { id: idCota }, json: { authToken, ...change } }),
  incomeState: (u: CustomerUpstream) => u.request(registrationCalls.incomeState),
  updateIncome: (u: CustomerUpstream, body: Record<string, unknown>) => u.request(registrationCalls.updateIncome, { json: body }),
  setDelivery: (u: CustomerUpstream, idCota: number, formaEnvio: 'EMAIL' | 'CORREIO') => u.request(slips.setDelivery, { params: { id: idCota }, json: { formaEnvio }, scope: 'quota' }),
  sendSms: (u: CustomerUpstream) => u.request(sessionCalls.sendCode, { params: { canal: 'sms' } }),
  /** The auth_token of a checked code (an answer without one breaks the contract). */
  checkCode: async (u: CustomerUpstream, codigo: string) => {
    const { auth_token } = await u.request(sessionCalls.checkCode, { json: { codigo } });
    if (!auth_token) throw new UpstreamError(502, 'CONTRACT_VIOLATION', undefined, sessionCalls.checkCode.path);
    return { auth_token };
  },
};
