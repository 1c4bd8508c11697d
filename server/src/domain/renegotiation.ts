/** Renegotiation of late instalments (spec doc 1 §4, §5, §9). */
export const MAX_INSTALMENTS_PER_RENEGOTIATION = 2;
export const MAX_RENEGOTIATIONS_PER_PLAN = 3;
export const MIN_PAID_INSTALMENTS = 3;

export interface PlanState {
  parcelasPagas: number;
  renegociacoesRealizadas: number;
}

/** Why a quota cannot be renegotiated (a text key), or null when it can. */
export function renegotiationRefusal(plan: PlanState): 'renegociar.erro.poucas-pagas' | 'renegociar.erro.limite-plano' | null {
  if (plan.parcelasPagas < MIN_PAID_INSTALMENTS) return 'renegociar.erro.poucas-pagas';
  if (plan.renegociacoesRealizadas >= MAX_RENEGOTIATIONS_PER_PLAN) return 'renegociar.erro.limite-plano';
  return null;
}

/** Why a selection of `count` late instalments is refused (a text key), or null. */
export function selectionRefusal(count: number): 'renegociar.erro.nenhuma' | 'renegociar.erro.maximo' | null {
  if (count < 1) return 'renegociar.erro.nenhuma';
  if (count > MAX_INSTALMENTS_PER_RENEGOTIATION) return 'renegociar.erro.maximo';
  return null;
}
