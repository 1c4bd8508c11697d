import { readFileSync } from 'node:fs';
import type { FlowBundle, Outcome } from '../../../../screens/contract/flows.js';
import type { FlowService } from '../../composition/flow-service.js';
import type { Inputs } from '../../composition/flows/decide.js';
import { type UpstreamClient } from '../../upstream/client.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { login } from '../auth/auth-upstream.js';
import * as backOffice from '../../../../back-office/index.js';

export interface PreviewPersona {
  key: string;
  document: string;
  password: string;
  partner: number;
  /** The host of the persona's partner (the file's partner list): where its screens are asked for, never the console's own host. */
  domain?: string;
}

export function readPersonas(file: string | null): PreviewPersona[] {
  if (!file) return [];
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { partners?: Array<{ id: number; domain?: string }>; personas: PreviewPersona[] };
    const domains = new Map((data.partners ?? []).map((partner) => [partner.id, partner.domain]));
    return data.personas.map((persona) => ({ ...persona, domain: persona.domain ?? domains.get(persona.partner) }));
  } catch {
    return [];
  }
}

/** One customer-facing decision for one quota: what the published and the draft versions answer. */
export interface PreviewRow {
  quota: string;
  decision: string;
  inputs: string;
  published: string;
  draft: string;
}

export function showOutcome(outcome: Outcome | string[]): string {
  if (outcome === null) return 'nenhum';
  if (Array.isArray(outcome)) return outcome.join(' → ');
  if (typeof outcome === 'object') return Object.entries(outcome).map(([k, v]) => `${k}: ${v ?? 'nenhum'}`).join(' · ');
  return outcome;
}

async function optional<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (err) {
    // "sua cota não possui processos": no such process for this quota.
    if (err instanceof UpstreamError && err.status === 404) return null;
    throw err;
  }
}

/**
 * Logs into the back office as the persona, reads each quota's current state (processes, bid
 * options) and runs every customer-facing decision under both versions.
 */
export async function previewPersona(upstream: UpstreamClient, flows: FlowService, persona: PreviewPersona, draft: FlowBundle): Promise<PreviewRow[]> {
  const type = persona.document.replace(/\W/g, '').length > 11 ? 'cnpj' : 'cpf';
  const session = await login(upstream, persona.partner, { type, username: persona.document, password: persona.password });
  const accessToken = session.access_token;
  const { data: quotas } = await upstream.request(backOffice.quotas.list, { query: { page: 1, page_size: 20 }, accessToken });
  const published = flows.bundle;
  const rows: PreviewRow[] = [];

  for (const quota of quotas) {
    const label = `${quota.grupo}/${quota.cota}`;
    const add = (decision: string, inputs: Inputs, run: (bundle: FlowBundle) => Outcome | string[]) =>
      rows.push({ quota: label, decision, inputs: JSON.stringify(inputs), published: showOutcome(run(published)), draft: showOutcome(run(draft)) });
    const table = (id: string, inputs: Inputs) => (bundle: FlowBundle) => flows.decideIn(bundle, id, inputs).outcome;

    const [rules, especie, auto, devolucao] = await Promise.all([
      optional(upstream.request(backOffice.bids.rules, { params: { id: quota.idCota }, accessToken })),
      optional(upstream.request(backOffice.cashBilling.status, { query: { idCota: quota.idCota }, accessToken })),
      optional(upstream.request(backOffice.vehicleBilling.status, { query: { idCota: quota.idCota }, accessToken })),
      optional(upstream.request(backOffice.refund.status, { query: { idCota: quota.idCota }, accessToken })),
    ]);
    const bid = { tipo: quota.tipo, opcoes: (rules?.opcoes ?? []).map((o) => o.codigo) };
    add('bid-wizard', bid, (bundle) => flows.stepsIn(bundle, 'bid-wizard', bid));
    if (especie) {
      add('cash-billing-screen', { status: especie.status, caseExists: especie.possuiCaso }, table('cash-billing-screen', { status: especie.status, caseExists: especie.possuiCaso }));
      add('cash-billing-card', { phase: especie.status }, table('cash-billing-card', { phase: especie.status }));
    }
    if (auto) {
      const inputs = { state: auto.estadoProcesso, digital: auto.isDigital, introSeen: false, sellerType: 'pessoafisica' };
      add('used-vehicle-step', inputs, table('used-vehicle-step', inputs));
      if (auto.statusPagamento) add('payment-step', { status: auto.statusPagamento }, table('payment-step', { status: auto.statusPagamento }));
    }
    if (devolucao) {
      add('refund-screen', { status: devolucao.status }, table('refund-screen', { status: devolucao.status }));
      add('refund-card', { status: devolucao.status }, table('refund-card', { status: devolucao.status }));
    }
  }
  return rows;
}
