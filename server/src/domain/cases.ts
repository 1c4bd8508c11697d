/** A CRM case as the upstream sends it (spec doc 2 §3.2). */
export interface CrmCase {
  CaseNumber: string;
  Type: string;
  Status: string;
  Fase__c: string;
  Description?: string | null;
  CreatedDate: string;
}

/** Case-insensitive, accent-insensitive text of a CRM field (phases, types, statuses). */
export const norm = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/**
 * Mandatory registration update (spec doc 2 §4.2): on only when one case is in phase
 * Atualização Obrigatória, another has status Escalado or Em Andamento, and the login is not
 * transparent.
 */
export function mandatoryUpdatePending(cases: readonly CrmCase[], transparent: boolean): boolean {
  if (transparent) return false;
  const mandatory = cases.find((c) => norm(c.Fase__c) === 'atualizacao obrigatoria');
  if (!mandatory) return false;
  return cases.some((c) => c !== mandatory && ['EM_ANDAMENTO', 'ESCALADO'].includes(c.Status.toUpperCase().replace(/\s+/g, '_')));
}

const inProgress = (c: Pick<CrmCase, 'Status'>) => ['EM_ANDAMENTO', 'ESCALADO'].includes(c.Status.toUpperCase().replace(/\s+/g, '_'));
/** CreatedDate DD/MM/YYYY → a sortable YYYYMMDD. */
const createdKey = (c: Pick<CrmCase, 'CreatedDate'>) => c.CreatedDate.split('/').reverse().join('');

/**
 * The case a flow follows (doc 2 §4.1): the newest one in progress (Em Andamento or Escalado);
 * otherwise the newest one. Ties keep the CRM's order (newest first).
 */
export function mostRecentCase<T extends Pick<CrmCase, 'Status' | 'CreatedDate'>>(cases: readonly T[]): T | null {
  const newest = (list: readonly T[]) => list.reduce<T | null>((best, c) => (best === null || createdKey(c) > createdKey(best) ? c : best), null);
  return newest(cases.filter(inProgress)) ?? newest(cases);
}

/** Phases in which the case number is not shown to the customer (doc 2 §4.3). */
const HIDDEN_NUMBER_PHASES = ['aguardando analise pagamento especie', 'triagem em andamento'];

export function caseNumberShown(phase: string | null | undefined): boolean {
  return !HIDDEN_NUMBER_PHASES.includes(norm(phase ?? ''));
}
