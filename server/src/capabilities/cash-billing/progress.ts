import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { caseTypeIncludes, flowCase, openFlowCase, type FlowCase } from '../../flow-parts/index.js';

export { progressOf, saveProgress, type Progress } from '../../flow-parts/index.js';

export type BillingCase = FlowCase;

/** The CRM case type of a cash-credit payment. */
export const CASH_CREDIT_CASE_TYPE = 'Pagamento de Crédito em Espécie';

/** The selected quota's cash-credit payment case, if the CRM has one: the one in progress wins, else the most recent. */
export const billingCase = (upstream: CustomerUpstream): Promise<BillingCase | null> => flowCase(upstream, caseTypeIncludes('especie'));

/** Opens the cash-credit payment case of the selected quota (salesforce/casos). */
export const openBillingCase = (upstream: CustomerUpstream): Promise<string> => openFlowCase(upstream, CASH_CREDIT_CASE_TYPE, 'Pagamento do crédito em espécie solicitado pelo app');
