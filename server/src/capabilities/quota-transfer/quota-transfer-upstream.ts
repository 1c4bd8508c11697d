import { quotaTransfer, registration } from '../../../../back-office/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';

/** Quota transfer calls (doc 2 §7 core/transferencia-cota), on the selected quota's token. */
export const transferUpstream = {
  /** true when a transfer request is already in progress. */
  inProgress: async (u: CustomerUpstream) => (await u.request(quotaTransfer.verifyProcess, { json: {}, scope: 'quota' })).iniciado,
  request: (u: CustomerUpstream, cpfCnpjCessionario: string, email: string) => u.request(quotaTransfer.request, { json: { cpfCnpjCessionario, email }, scope: 'quota' }),
  /** The holder's main e-mail (registration data of the quota). */
  email: async (u: CustomerUpstream, idCota: number) => {
    const data = await u.request(registration.get, { params: { id: idCota } });
    return (data.emails.find((e) => e.principal) ?? data.emails[0])?.email ?? null;
  },
};
