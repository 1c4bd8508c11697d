import { client } from './api-client.js';
import type { SandboxControl } from './sandbox-control.js';

/** Sandbox-only personas of vehicle billing (sandbox/src/state/vehicle-personas.ts). */
export const VEHICLE_PERSONAS = {
  vitoria: { document: '69887283112606', password: '161616' },
  quiteria: { document: '52286300909', password: '171717' },
} as const;

/** Logs in (shared or sandbox-only persona) and selects the first quota. */
export async function vehicleClient(baseUrl: string, key: string, headers: Record<string, string> = {}) {
  const c = client(baseUrl);
  const extra = VEHICLE_PERSONAS[key as keyof typeof VEHICLE_PERSONAS];
  if (extra) {
    const res = await c.action('auth/login', { modo: 'documento', documento: extra.document, senha: extra.password });
    if (res.body.kind !== 'navigate') throw new Error(`login of ${key} failed: ${JSON.stringify(res.body)}`);
  } else await c.login(key);
  await c.selectFirstQuota(key);
  return {
    ...c,
    screen: (path: string) => c.screen(path, headers),
  };
}

/** Puts the persona's vehicle process in any state (sandbox control). */
export async function setVehicle(sandbox: SandboxControl, persona: string, state: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${sandbox.url}/__sandbox/personas/${persona}/faturamento-auto`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(state) });
  if (!res.ok) throw new Error(`vehicle state: ${res.status} ${await res.text()}`);
}

export async function removeVehicle(sandbox: SandboxControl, persona: string): Promise<void> {
  const res = await fetch(`${sandbox.url}/__sandbox/personas/${persona}/faturamento-auto`, { method: 'DELETE' });
  if (!res.ok) throw new Error(`vehicle removal: ${res.status}`);
}

/** A small PDF as the renderer sends it (data URL). */
export const pdfFile = (size = 2048) => `data:application/pdf;name=doc.pdf;base64,${Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size, 32)]).toString('base64')}`;

/** The order that a process past the payment form carries (for putting fernanda further on). */
export const ORDER = {
  marca: 'Volkswagen',
  codigoFabricante: '001',
  modelo: 'Polo',
  ano: '2026/2027',
  cor: 'Branco',
  valorCompra: 98_000,
  valorVeiculo: 95_000,
  cnpjConcessionaria: '11222333000181',
  razaoSocial: 'Aurora Veículos Concessionária Ltda',
  dadosPagamento: { formaPagamento: 'BOLETO', dadosBancarios: null },
};
