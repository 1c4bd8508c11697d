import type { CrmCase } from '../domain/cases.js';
import type { CustomerUpstream } from '../plugins/core/customer-upstream.js';

/** The customer's CRM cases, by national id, through the composite-request wrapper (spec doc 1 §7). */
export async function loadCases<T extends object = CrmCase>(upstream: CustomerUpstream): Promise<T[]> {
  const nationalId = upstream.session.data.customer.inscricaoNacional;
  const answer = await upstream.call<{ compositeResponse: Array<{ httpStatusCode: number; body: { records?: T[] } }> }>({
    method: 'POST',
    path: 'salesforce/consulta/casos',
    json: { compositeRequest: [{ method: 'GET', referenceId: 'casos', url: `/casos?CPF_CNPJ=${encodeURIComponent(nationalId)}` }] },
  });
  return answer.compositeResponse?.[0]?.body.records ?? [];
}
