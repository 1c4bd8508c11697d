/**
 * Quota flags (spec doc 1 §3, §4): cancelled when situacaoCota contains 'cancelado', paid off
 * when it is 'quitado', contemplated when the contemplation date is the day before today or
 * earlier (1900-01-01 or null = not contemplated), in formation when the group is FORMACAO.
 * Dates are calendar days 'YYYY-MM-DD' in Brasília; `today` comes from the back office's clock.
 */
export const NOT_CONTEMPLATED = '1900-01-01';

export interface QuotaState {
  situacaoCota: string;
  dataContemplacao?: string | null;
  statusGrupo?: string | null;
}

export function isCancelled(q: Pick<QuotaState, 'situacaoCota'>): boolean {
  return q.situacaoCota.toLowerCase().includes('cancelado');
}

export function isPaidOff(q: Pick<QuotaState, 'situacaoCota'>): boolean {
  return q.situacaoCota.trim().toLowerCase() === 'quitado';
}

export function isContemplated(q: Pick<QuotaState, 'dataContemplacao'>, today: string): boolean {
  const date = q.dataContemplacao?.slice(0, 10);
  if (!date || date === NOT_CONTEMPLATED) return false;
  return date < today;
}

export function inFormation(q: Pick<QuotaState, 'statusGrupo'>): boolean {
  return q.statusGrupo === 'FORMACAO';
}

/** Whole days from `today` to `date` (both 'YYYY-MM-DD'); negative when in the past. */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date.slice(0, 10)}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Last day (of bids) when the day count equals 1. */
export function isLastDay(daysToAssembly: number | null): boolean {
  return daysToAssembly === 1;
}

/** The 'today' assembly state: days to the next assembly is 0 and the quota is not contemplated. */
export function isAssemblyDay(daysToAssembly: number | null, contemplated: boolean): boolean {
  return daysToAssembly === 0 && !contemplated;
}
