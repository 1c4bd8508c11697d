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
