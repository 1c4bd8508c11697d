import type { SandboxControl } from './sandbox-control.js';

/** A used-vehicle process state for the sandbox control. */
export interface UsedVehicleState {
  estadoProcesso: string;
  isDigital?: boolean;
  statusPagamento?: string | null;
  respostaAnalista?: string;
  vendedor?: { tipoVendedor: 'PF' | 'REVENDEDORA_CONCESSIONARIA' | 'LOCADORA' | 'OUTRAS_EMPRESAS'; vendedor?: { nome: string; documento: string }; dadosBancariosVendedor?: Record<string, string> } | null;
}

/** Puts the persona's first quota's used-vehicle process in any process state of doc 2 §4.5. */
export async function setUsedVehicle(sandbox: SandboxControl, persona: string, state: UsedVehicleState): Promise<void> {
  const res = await fetch(`${sandbox.url}/__sandbox/personas/${persona}/faturamento-seminovo`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(state) });
  if (!res.ok) throw new Error(`used vehicle state: ${res.status} ${await res.text()}`);
}

/** A valid CPF of a seller who is nobody's persona, and a valid company CNPJ. */
export const SELLER_CPF = '52998224725';
export const SELLER_CNPJ = '33444555000181';

/** The seller's kinds by the route segment of vendedor/{segment}. */
export const SELLER_KIND_OF = { pessoafisica: 'PF', revendedora: 'REVENDEDORA_CONCESSIONARIA', locadora: 'LOCADORA', pessoajuridica: 'OUTRAS_EMPRESAS' } as const;
