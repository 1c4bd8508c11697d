import { crm, crmCases } from '../../../back-office/index.js';
import { UpstreamError } from './upstream-error.js';
import type { CrmCase } from '../domain/cases.js';
import type { CustomerUpstream } from './customer-upstream.js';

/** The customer's CRM cases, by national id, through the composite-request wrapper (spec doc 1 §7). */
export async function loadCases<T extends object = CrmCase>(upstream: CustomerUpstream): Promise<T[]> {
  const nationalId = upstream.session.data.customer.inscricaoNacional;
  const answer = await upstream.request(crm.cases, {
    json: { compositeRequest: [{ method: 'GET', referenceId: 'casos', url: `/casos?CPF_CNPJ=${encodeURIComponent(nationalId)}` }] },
  });
  return (answer.compositeResponse[0]?.body.records ?? []) as T[];
}

/**
 * Opens a CRM case (doc 1 §7): the customer's account id (salesforce/consulta/accountid), then a
 * composite create on CRM API v43.0 with the account, the related quota by external id, Type and
 * Description. Anything but composite status 200 or 201 is a refusal, with the CRM's message.
 * Returns the new case number.
 */
export async function openCase(upstream: CustomerUpstream, kase: { type: string; description: string; idCota: number }): Promise<string> {
  const nationalId = upstream.session.data.customer.inscricaoNacional;
  const { accountId } = await upstream.request(crmCases.accountId, { json: { CPF_CNPJ: nationalId } });
  const answer = await upstream.request(crmCases.create, {
    json: {
      compositeRequest: [
        {
          method: 'POST',
          url: '/services/data/v43.0/sobjects/Case',
          referenceId: 'caso',
          body: { AccountId: accountId, Cota__r: { IdExterno__c: String(kase.idCota) }, Type: kase.type, Description: kase.description, Origin: 'APP' },
        },
      ],
    },
  });
  const part = answer.compositeResponse[0];
  if (part && (part.httpStatusCode === 200 || part.httpStatusCode === 201)) return String((part.body as { CaseNumber?: unknown }).CaseNumber ?? '');
  const message = Array.isArray(part?.body) ? (part.body as Array<{ message?: string }>)[0]?.message : undefined;
  throw new UpstreamError(part?.httpStatusCode && part.httpStatusCode < 500 ? part.httpStatusCode : 502, 'CASE_NOT_CREATED', message, 'salesforce/casos');
}
