import type { Stack } from './stack.js';

/** The special flows' sandbox controls: a quota's transfer/reactivation/insurance state, post-sale call-backs. */
export async function setQuotaState(stack: Stack, idCota: number, state: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${stack.sandbox.url}/__sandbox/quotas/${idCota}/estado`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(state) });
  if (!res.ok) throw new Error(`sandbox estado ${idCota}: ${res.status} ${await res.text()}`);
}

export async function callbacks(stack: Stack): Promise<Array<{ customer: string; telefone: string; periodo: string; motivo: string; protocolo: string }>> {
  return ((await (await fetch(`${stack.sandbox.url}/__sandbox/pos-venda/retornos`)).json()) as { data: [] }).data;
}

export async function changeCase(stack: Stack, persona: string, numero: string, change: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${stack.sandbox.url}/__sandbox/customers/${persona}/cases/${numero}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(change) });
  if (!res.ok) throw new Error(`sandbox case ${numero}: ${res.status} ${await res.text()}`);
}
