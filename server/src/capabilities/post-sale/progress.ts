import { z } from 'zod';
import { mostRecentCase, type CrmCase } from '../../domain/cases.js';
import { isPostSaleCase } from '../../domain/special-flows.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { crmCases } from '../../../../back-office/index.js';
import { loadCases } from '../../upstream/crm-cases.js';

/** What the post-sale journey keeps in its case's DadosApp__c, so another device continues. */
const Progress = z
  .object({
    /** Steps done, by wizard step id. */
    feitos: z.array(z.string()).default([]),
    /** The security question was answered right. */
    validado: z.boolean().default(false),
    /** Two wrong answers: the flow is blocked and the company calls back (doc 2 §4.7). */
    bloqueado: z.boolean().default(false),
  })
  .catch({ feitos: [], validado: false, bloqueado: false });
export type Progress = z.infer<typeof Progress>;

export interface PostSaleCase extends CrmCase {
  DadosApp__c?: string | null;
  DocumentosIlegiveis__c?: string | null;
  DocumentosIncorretos__c?: string | null;
}

/** The customer's post-sale case: the newest in progress, else the newest (doc 2 §4.1). */
export async function postSaleCase(u: CustomerUpstream): Promise<PostSaleCase | null> {
  return mostRecentCase((await loadCases<PostSaleCase>(u)).filter(isPostSaleCase));
}

export function progressOf(kase: PostSaleCase | null): Progress {
  try {
    return Progress.parse(kase?.DadosApp__c ? JSON.parse(kase.DadosApp__c) : {});
  } catch {
    return Progress.parse({});
  }
}

/** The case's documents were found invalid (illegible or incorrect): the callback form (doc 2 §4.7). */
export const invalidDocuments = (kase: PostSaleCase | null) => Boolean(kase?.DocumentosIlegiveis__c || kase?.DocumentosIncorretos__c);

/** Saves the progress on the case (salesforce/contemplacao/casos/{caseNumber}, Origin APP). */
export async function saveProgress(u: CustomerUpstream, kase: PostSaleCase, progress: Progress): Promise<void> {
  await u.request(crmCases.update, { params: { caseNumber: kase.CaseNumber }, json: { Origin: 'APP', DadosApp__c: JSON.stringify(progress) } });
}
