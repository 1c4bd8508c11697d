import { caseDay } from './home-notices.js';
import { norm, type CrmCase } from './cases.js';
import { daysUntil, isCancelled, isContemplated, type QuotaState } from './quota-flags.js';

/**
 * Contemplation rules (doc 2 §4.3, doc 1 §4): type codes, the draw types, the contemplation and
 * cancelled-and-contemplated notices, the eligibility to start a new case. Pure, dates are
 * Brasília days 'YYYY-MM-DD'.
 */

/** The contemplation type codes (doc 2 §4.3); their words are texts `contemplado.modalidade.<code>`. */
export const CONTEMPLATION_TYPES = ['LL', 'LF', 'LS', 'PE', 'VL', 'PZ', 'PC', 'SO', 'SE'] as const;
export const DRAW_TYPES = ['SO', 'SE'];

export const isDraw = (code: string | null | undefined) => DRAW_TYPES.includes((code ?? '').toUpperCase());

/** Case type of the contemplation notice, of the cancelled-and-contemplated notice, and the phase that finishes both. */
export const CONTEMPLATION_NOTICE_TYPE = 'Aviso de Contemplação';
export const CANCELLED_CONTEMPLATED_NOTICE_TYPE = 'Aviso de Cota Cancelada Contemplada';
export const NOTICE_DONE_PHASE = 'Ciente via APP';
const NOT_STARTED_PHASE = 'tratativa nao iniciada';

/** The CRM case type of the awarded flow (document analysis consultancy). */
export const AWARDED_CASE_TYPE = 'Consultoria de Análise de Documentos';
/** The three case kinds an in-progress or escalated case of which blocks starting a new one. */
export const BLOCKING_CASE_TYPES = [AWARDED_CASE_TYPE, 'Pagamento de Crédito em Espécie', 'Entrada de Veículo'];

const inProgress = (c: Pick<CrmCase, 'Status'>) => ['EM_ANDAMENTO', 'ESCALADO'].includes(c.Status.toUpperCase().replace(/\s+/g, '_'));
const isNotice = (c: CrmCase, type: string) => norm(c.Type) === norm(type) && norm(c.Fase__c) !== norm(NOTICE_DONE_PHASE);

/** The contemplation notice to show: a notice case not yet finished, from the day after it was created. */
export function activeContemplationNotice<T extends CrmCase>(cases: readonly T[], today: string): T | null {
  return cases.find((c) => isNotice(c, CONTEMPLATION_NOTICE_TYPE) && -daysUntil(caseDay(c.CreatedDate), today) >= 1) ?? null;
}

/**
 * The cancelled-and-contemplated notice to show: its case in phase 'tratativa não iniciada' and
 * the quota both cancelled and contemplated.
 */
export function activeCancelledContemplatedNotice<T extends CrmCase>(cases: readonly T[], quota: QuotaState, today: string): T | null {
  if (!isCancelled(quota) || !isContemplated(quota, today)) return null;
  return cases.find((c) => norm(c.Type) === norm(CANCELLED_CONTEMPLATED_NOTICE_TYPE) && norm(c.Fase__c) === NOT_STARTED_PHASE) ?? null;
}

/** A new case may start when no case of the three kinds is in progress or escalated. */
export function mayStartCase(cases: readonly CrmCase[]): boolean {
  return !cases.some((c) => inProgress(c) && BLOCKING_CASE_TYPES.some((t) => norm(t) === norm(c.Type)));
}

/** Restriction return code of the core system meaning a restricted CPF/CNPJ. */
export const RESTRICTION_CODE = 27;
