import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * Post-sale onboarding (doc 2 §2.8, §4.7) — calls the spec names by behaviour only, defined here:
 * the security question (birth year, or foundation year for a company) is checked by the back
 * office, which counts wrong answers (two block the flow); a call-back request carries the phone
 * with area code, the period (morning 08–13, afternoon 13–19, doc 2 §9) and the reason.
 */
export const CallbackReason = z.enum(['ENTENDIMENTO', 'SEGURANCA', 'DOCUMENTOS', 'VENDA']);
export type CallbackReason = z.infer<typeof CallbackReason>;

export const postSale = {
  securityCheck: endpoint({
    method: 'POST',
    path: 'core/pos-venda/validar-seguranca',
    body: z.object({ idCota: z.number().int(), ano: z.number().int() }),
    answer: z.object({ correto: z.boolean(), tentativasRestantes: z.number().int().min(0), bloqueado: z.boolean() }),
  }),
  callback: endpoint({
    method: 'POST',
    path: 'core/pos-venda/retorno-contato',
    body: z.object({ idCota: z.number().int(), telefone: z.string().regex(/^\d{10,11}$/), periodo: z.enum(['MANHA', 'TARDE']), motivo: CallbackReason }),
    answer: z.object({ protocolo: z.string() }),
  }),
};
