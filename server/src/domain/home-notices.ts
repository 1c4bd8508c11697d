import { norm, type CrmCase } from './cases.js';
import { daysUntil } from './quota-flags.js';

/** Case type of the contemplation notice (spec doc 1 §9 case types). */
export const CONTEMPLATION_NOTICE = 'Aviso de Contemplação';
/** The contemplation warning ('don't lose it') shows while the case is 0 to 5 days old. */
export const CONTEMPLATION_WARNING_DAYS = 5;
/** Phases after which the customer is asked to check the documents sent (with status Concluído). */
export const VERIFY_PHASES = ['Documentos Ilegíveis', 'Documentos Incorretos', 'Pendência NF', 'Docs Adicionais GRC'];
export const OVERDUE_PHASE = 'Prazo Finalizado';

export type HomeModal = 'prazo-finalizado' | 'verificar-documentos' | 'contemplacao';

/** 'DD/MM/YYYY' (the CRM's) or ISO → 'YYYY-MM-DD'. */
export function caseDay(created: string): string {
  const br = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(created);
  return br ? `${br[3]}-${br[2]}-${br[1]}` : created.slice(0, 10);
}

/** 'Don't lose it': a contemplation-notice case aged 0 to 5 days. */
export function contemplationWarning(cases: readonly CrmCase[], today: string): boolean {
  const ageInDays = (c: CrmCase) => -daysUntil(caseDay(c.CreatedDate), today);
  return cases.some((c) => norm(c.Type) === norm(CONTEMPLATION_NOTICE) && ageInDays(c) >= 0 && ageInDays(c) <= CONTEMPLATION_WARNING_DAYS);
}

/**
 * The home modals the state calls for, most urgent first (spec doc 1 §4): overdue in phase
 * 'Prazo Finalizado', verify documents (phase lists with status Concluído), contemplation. Each
 * shows at most once per day — the caller claims it.
 */
export function homeModals(cases: readonly CrmCase[], contemplated: boolean): HomeModal[] {
  const out: HomeModal[] = [];
  if (cases.some((c) => norm(c.Fase__c) === norm(OVERDUE_PHASE))) out.push('prazo-finalizado');
  if (cases.some((c) => norm(c.Status) === 'concluido' && VERIFY_PHASES.some((p) => norm(p) === norm(c.Fase__c)))) out.push('verificar-documentos');
  if (contemplated) out.push('contemplacao');
  return out;
}
