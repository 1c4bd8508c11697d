import { z } from 'zod';
import { norm } from '../../domain/cases.js';
import type { CustomerUpstream } from '../../plugins/core/customer-upstream.js';
import { loadCases } from '../../upstream/crm-cases.js';

/** What the customer filled in, kept in the case's DadosApp__c (doc 2 §3.2) so that another device sees it. */
const Progress = z
  .object({ tipoRenda: z.string().optional(), enviados: z.array(z.string()).default([]), arquivos: z.array(z.string()).default([]) })
  .catch({ enviados: [], arquivos: [] });
export type Progress = z.infer<typeof Progress>;

interface BillingCase {
  CaseNumber: string;
  Type: string;
  DadosApp__c?: string | null;
  DocumentosIlegiveis__c?: string | null;
}

/** The cash-credit payment case of the customer, if the CRM has one. */
export async function billingCase(upstream: CustomerUpstream): Promise<BillingCase | null> {
  const cases = await loadCases<BillingCase>(upstream).catch(() => []);
  return cases.find((c) => norm(c.Type).includes('especie')) ?? null;
}

export function progressOf(kase: BillingCase | null): Progress {
  if (!kase?.DadosApp__c) return { enviados: [], arquivos: [] };
  try {
    return Progress.parse(JSON.parse(kase.DadosApp__c));
  } catch {
    return { enviados: [], arquivos: [] };
  }
}

/** Saves the progress on the case (salesforce/contemplacao/casos/{caseNumber}, Origin APP). */
export async function saveProgress(upstream: CustomerUpstream, caseNumber: string, progress: Progress): Promise<void> {
  await upstream.call({ method: 'POST', path: `salesforce/contemplacao/casos/${encodeURIComponent(caseNumber)}`, json: { Origin: 'APP', DadosApp__c: JSON.stringify(progress) } });
}
