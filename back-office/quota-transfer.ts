import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * Doc 2 §7 "Quota transfer (core/transferencia-cota)", on the selected quota's token. The spec
 * leaves the request's fields out: the assignee's CPF/CNPJ and the e-mail the holder confirmed
 * (doc 2 §3.9); the answer carries the protocol and the fee charged (1 % of the credit).
 */
export const quotaTransfer = {
  /** Empty body; `iniciado` says a request is already in progress. */
  verifyProcess: endpoint({ method: 'POST', path: 'core/transferencia-cota/verificar-processo', body: z.object({}).strict(), answer: z.object({ iniciado: z.boolean() }) }),
  request: endpoint({
    method: 'POST',
    path: 'core/transferencia-cota/solicitar',
    body: z.object({ cpfCnpjCessionario: z.string().min(11).max(14), email: z.email() }),
    answer: z.object({ protocolo: z.string(), taxa: z.number() }),
  }),
};
