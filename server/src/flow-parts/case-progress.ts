import { z } from 'zod';
import { mostRecentCase, norm, type CrmCase } from '../domain/cases.js';
import type { CustomerUpstream } from '../upstream/customer-upstream.js';
import { loadCases, openCase } from '../upstream/crm-cases.js';
import { crmCases } from '../../../back-office/index.js';
import { documentsToSend } from './documents/catalogue.js';

/**
 * What the customer filled in during a phase-driven flow, kept in the CRM case's DadosApp__c
 * (doc 2 §3.2, §3.3) so that another device sees it: income type, identity document type
 * (selectedIdType), whether a company has a new partner, the phase it was saved in, the
 * documents sent (sentDocuments) and the uploaded files not yet analysed (uploadedDocuments).
 * Unknown keys are kept: a flow adds its own (read them with `progressSchema.extend`).
 */
export const progressSchema = z.looseObject({
  tipoRenda: z.string().optional(),
  tipoDocumento: z.string().optional(),
  novoSocio: z.boolean().optional(),
  fase: z.string().optional(),
  enviados: z.array(z.string()).default([]),
  arquivos: z.array(z.string()).default([]),
});
const Progress = progressSchema.catch({ enviados: [], arquivos: [] });
export type Progress = z.infer<typeof progressSchema>;

/** A CRM case of a flow, with the fields the flows read (doc 2 §3.2). */
export interface FlowCase extends CrmCase {
  DadosApp__c?: string | null;
  DocumentosIlegiveis__c?: string | null;
  DocumentosIncompletos__c?: string | null;
  DocumentosIncorretos__c?: string | null;
  Observacao__c?: string | null;
  IdExternoCota?: string | null;
}

/** The documents a case names as refused (DocumentosIlegiveis__c, ';'-separated), trimmed. */
export function unreadableDocuments(kase: Pick<FlowCase, 'DocumentosIlegiveis__c'> | null): string[] {
  return (kase?.DocumentosIlegiveis__c ?? '').split(';').map((d) => d.trim()).filter(Boolean);
}

/**
 * The selected quota's case of a flow, if the CRM has one: among the customer's cases of that
 * quota that `isFlowCase` accepts, the one in progress wins, else the most recent (doc 2 §4.1).
 * A CRM that does not answer means no case.
 */
export async function flowCase(upstream: CustomerUpstream, isFlowCase: (c: FlowCase) => boolean): Promise<FlowCase | null> {
  const idCota = String(upstream.session.data.quota?.idCota ?? '');
  const cases = await loadCases<FlowCase>(upstream).catch(() => []);
  return mostRecentCase(cases.filter((c) => isFlowCase(c) && (!c.IdExternoCota || c.IdExternoCota === idCota)));
}

/** A predicate for `flowCase`: the case type contains this text (accents and case aside). */
export const caseTypeIncludes = (part: string) => (c: Pick<FlowCase, 'Type'>) => norm(c.Type).includes(norm(part));

/** Opens a case of the selected quota (salesforce/casos, CRM API v43.0); its case number. */
export function openFlowCase(upstream: CustomerUpstream, type: string, description: string): Promise<string> {
  return openCase(upstream, { type, description, idCota: upstream.session.data.quota!.idCota });
}

/**
 * When the case's phase changed since the progress was saved (doc 2 §4.3), the uploaded files are
 * cleared and the documents that were to be sent count as sent. `toSend` says which those are
 * (default: what the income type still needed).
 */
export function afterPhaseChange(progress: Progress, phase: string, toSend: (p: Progress) => readonly string[] = (p) => documentsToSend(p.tipoRenda ?? '', p.enviados)): Progress {
  if (progress.fase === undefined || norm(progress.fase) === norm(phase)) return { ...progress, fase: phase };
  return { ...progress, fase: phase, arquivos: [], enviados: [...new Set([...progress.enviados, ...toSend(progress)])] };
}

/** The saved progress of a case (empty without a case or with a DadosApp__c it cannot read), after the phase-change rule. */
export function progressOf(kase: FlowCase | null, toSend?: (p: Progress) => readonly string[]): Progress {
  if (!kase) return { enviados: [], arquivos: [] };
  let saved: Progress = { enviados: [], arquivos: [] };
  try {
    if (kase.DadosApp__c) saved = Progress.parse(JSON.parse(kase.DadosApp__c));
  } catch {
    // A DadosApp__c the app cannot read (written by someone else): start afresh.
  }
  return afterPhaseChange(saved, kase.Fase__c, toSend);
}

/** Saves the progress on the case (salesforce/contemplacao/casos/{caseNumber}, Origin APP), optionally moving its phase. */
export async function saveProgress(upstream: CustomerUpstream, caseNumber: string, progress: Progress, phase?: string): Promise<void> {
  await upstream.request(crmCases.update, {
    params: { caseNumber },
    json: { Origin: 'APP', ...(phase ? { Fase__c: phase } : {}), DadosApp__c: JSON.stringify(phase ? { ...progress, fase: phase } : progress) },
  });
}
