import { postSale, type CallbackReason } from '../../../../screens/back-office/index.js';
import type { CustomerUpstream } from '../../plugins/core/customer-upstream.js';

export interface Registration {
  emails: Array<{ email: string; principal?: boolean }>;
  telefones: Array<{ ddd: string; numero: string; tipo: number }>;
}

/** Post-sale calls: the security question and call-backs (contract), registration data, slip delivery, SMS token. */
export const postSaleUpstream = {
  securityCheck: (u: CustomerUpstream, idCota: number, ano: number) => u.request(postSale.securityCheck, { json: { idCota, ano } }),
  callback: (u: CustomerUpstream, idCota: number, telefone: string, periodo: 'MANHA' | 'TARDE', motivo: CallbackReason) => u.request(postSale.callback, { json: { idCota, telefone, periodo, motivo } }),
  registration: (u: CustomerUpstream, idCota: number) => u.call<Registration>({ method: 'GET', path: `cotas/${idCota}/dados-cadastrais` }),
  updateContact: (u: CustomerUpstream, idCota: number, authToken: string, change: { emails?: Array<{ email: string }>; telefones?: Array<{ ddd: string; numero: string; tipo: number }> }) =>
    u.call({ method: 'PUT', path: `cotas/${idCota}/dados-cadastrais`, json: { authToken, ...change } }),
  incomeState: (u: CustomerUpstream) => u.call<{ valorRenda?: number; profissao?: number; estadoCivil?: number; tipoAcessibilidade?: number; regimeCasamento?: number }>({ method: 'GET', path: 'core/dados-cadastrais/status' }),
  updateIncome: (u: CustomerUpstream, body: Record<string, unknown>) => u.call({ method: 'PATCH', path: 'core/dados-cadastrais/atualizar', json: body }),
  setDelivery: (u: CustomerUpstream, idCota: number, formaEnvio: 'EMAIL' | 'CORREIO') => u.call({ method: 'PUT', path: `cotas/${idCota}/forma-envio`, json: { formaEnvio }, scope: 'quota' }),
  sendSms: (u: CustomerUpstream) => u.call({ method: 'POST', path: 'verificacao/sms' }),
  checkCode: (u: CustomerUpstream, codigo: string) => u.call<{ auth_token: string }>({ method: 'PATCH', path: 'verificacao', json: { codigo } }),
};
