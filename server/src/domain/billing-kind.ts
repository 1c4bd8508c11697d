/**
 * Which billing a quota's credit goes through (doc 2 §1): real-estate and service quotas bill in
 * cash; a contemplated vehicle quota (auto, pesados) bills a vehicle. The shared billing routes
 * (/faturamento/iniciar, cotaquitada, cpfrestrito) serve both and ask this first.
 */
export type BillingKind = 'especie' | 'veiculo';

export function billingKindOf(quota: { tipo: string }, contemplated: boolean): BillingKind {
  return (quota.tipo === 'auto' || quota.tipo === 'pesados') && contemplated ? 'veiculo' : 'especie';
}
