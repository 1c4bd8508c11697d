import { z } from 'zod';
import { mostRecentCase, norm, type CrmCase } from '../../domain/cases.js';
import { documentsToSend } from '../../domain/income-documents.js';
import type { CustomerUpstream } from '../../plugins/core/customer-upstream.js';
import { loadCases, openCase } from '../../upstream/crm-cases.js';

/**
 * What the customer filled in, kept in the case's DadosApp__c (doc 2 §3.2) so that another device
 * sees it: income type, identity document type, whether a company has a new partner, the phase
 * it was saved in, the documents sent and the uploaded files not yet analysed.
 */
const Progress = z
  .object({
    tipoRenda: z.string().optional(),
    tipoDocumento: z.string().optional(),
    novoSocio: z.boolean().optional(),
    fase: z.string().optional(),
    enviados: z.array(z.string()).default([]),
    arquivos: z.array(z.string()).default([]),
  })
  .catch({ enviados: [], arquivos: [] });
export type Progress = z.infer<typeof Progress>;

export interface BillingCase extends CrmCase {
  DadosApp__c?: string | null;
  DocumentosIlegiveis__c?: string | null;
  IdExternoCota?: string | null;
}

/** The CRM case type of a cash-credit payment. */
export const CASH_CREDIT_CASE_TYPE = 'Pagamento de Crédito em Espécie';

/** The selected quota's cash-credit payment case, if the CRM has one: the one in progress wins, else the most recent. */
export async function billingCase(upstream: CustomerUpstream): Promise<BillingCase | null> {
  const idCota = String(upstream.session.data.quota?.idCota ?? '');
  const cases = await loadCases<BillingCase>(upstream).catch(() => []);
  return mostRecentCase(cases.filter((c) => norm(c.Type).includes('especie') && (!c.IdExternoCota || c.IdExternoCota === idCota)));
}

/** Opens the cash-credit payment case of the selected quota (salesforce/casos). */
export function openBillingCase(upstream: CustomerUpstream): Promise<string> {
  return openCase(upstream, { type: CASH_CREDIT_CASE_TYPE, description: 'Pagamento do crédito em espécie solicitado pelo app', idCota: upstream.session.data.quota!.idCota });
}

/**
 * When the case's phase changed since the progress was saved (doc 2 §4.3), the uploaded files are
 * cleared and the documents that were to be sent count as sent.
 */
export function afterPhaseChange(progress: Progress, phase: string): Progress {
  if (progress.fase === undefined || norm(progress.fase) === norm(phase)) return { ...progress, fase: phase };
  const toSend = documentsToSend(progress.tipoRenda ?? '', progress.enviados);
  return { ...progress, fase: phase, arquivos: [], enviados: [...new Set([...progress.enviados, ...toSend])] };
}

export function progressOf(kase: BillingCase | null): Progress {
  if (!kase) return { enviados: [], arquivos: [] };
  let saved: Progress = { enviados: [], arquivos: [] };
  try {
    if (kase.DadosApp__c) saved = Progress.parse(JSON.parse(kase.DadosApp__c));
  } catch {
    // A DadosApp__c the app cannot read (written by someone else): start afresh.
  }
  return afterPhaseChange(saved, kase.Fase__c);
}

/** Saves the progress on the case (salesforce/contemplacao/casos/{caseNumber}, Origin APP). */
export async function saveProgress(upstream: CustomerUpstream, caseNumber: string, progress: Progress): Promise<void> {
  await upstream.call({ method: 'POST', path: `salesforce/contemplacao/casos/${encodeURIComponent(caseNumber)}`, json: { Origin: 'APP', DadosApp__c: JSON.stringify(progress) } });
}
