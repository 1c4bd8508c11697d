import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { service } from '../../../../back-office/index.js';
import { loadCases } from '../../upstream/crm-cases.js';

export type { Branch, GroupSituation } from '../../../../back-office/index.js';

export interface CustomerCase {
  CaseNumber: string;
  Type?: string | null;
  Status: string;
  Fase__c?: string | null;
  Description?: string | null;
  CreatedDate: string;
  Observacao__c?: string | null;
  DadosApp__c?: string | null;
}

/** City list limit (spec doc 1 §9). */
const CITY_LIMIT = 10_000;

export const branches = (upstream: CustomerUpstream, estado: string, cidade?: string) =>
  upstream.request(service.branches, { query: { estado, ...(cidade ? { cidade } : {}), limit: CITY_LIMIT } });

export const groupSituation = (upstream: CustomerUpstream) =>
  upstream.request(service.groupSituation, { scope: 'quota' });

/** The customer's CRM cases with the fields the requests screen shows (comments, bank data). */
export const customerCases = (upstream: CustomerUpstream) => loadCases<CustomerCase>(upstream);
