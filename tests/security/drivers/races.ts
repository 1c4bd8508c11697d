/**
 * How each draft and money move of the surface (actions declaring an Idempotency-Key) is brought
 * to its confirmation: the persona, the sandbox state, the steps one session takes before it, and
 * the body confirmed. An idempotent action with neither a driver nor an exemption here fails
 * surface-is-covered.test.ts.
 */
import { findAll } from '../../helpers/api-client.js';
import { persona } from '../../helpers/personas.js';
import type { Stack } from '../../helpers/stack.js';
import { setUsedVehicle } from '../../helpers/used-vehicle.js';
import { vehicleClient } from '../../helpers/vehicle-billing.js';
import type { Client } from '../attacker.js';

export interface RaceDriver {
  persona: string;
  /** Once, before the sessions: the back office's state. */
  before?(stack: Stack): Promise<void>;
  /** A logged-in session of the persona (first quota selected), by default. */
  session?(stack: Stack): Promise<Client>;
  /** Each session's steps before the confirmation (a draft filled in). */
  prepare?(c: Client, stack: Stack): Promise<void>;
  /** The confirmed body (read from the session's screen when a function). */
  body(c: Client): Promise<Record<string, unknown>> | Record<string, unknown>;
}

export type RaceEntry = RaceDriver | { exempt: string };

const step = (c: Client, passo: string, fields: Record<string, unknown> = {}) => c.action('bids/step', { passo, ...fields });

/** The payload of the first submit of `action` a screen offers, its form filled as a person would. */
async function offeredPayload(c: Client, path: string, action: string): Promise<Record<string, unknown>> {
  const doc = (await c.screen(path)).body;
  const form = findAll(doc.layout ?? [], (n) => n.type === 'form' && n.submit?.action?.action === action)[0];
  if (form) {
    const data: Record<string, unknown> = { ...form.formData };
    for (const [name, schema] of Object.entries(form.schema?.properties ?? {}) as Array<[string, { type?: string; items?: { enum?: unknown[] }; enum?: unknown[] }]>) {
      if (schema.type === 'array' && schema.items?.enum && !(Array.isArray(data[name]) && (data[name] as unknown[]).length)) data[name] = [schema.items.enum[0]];
      else if (schema.enum && data[name] === undefined) data[name] = schema.enum[0];
    }
    return { ...data, ...form.submit.action.payload };
  }
  const button = findAll(doc.layout ?? [], (n) => n.action?.type === 'submit' && n.action.action === action)[0];
  if (!button) throw new Error(`${path} offers no ${action}: ${JSON.stringify(doc).slice(0, 200)}`);
  return { ...button.action.payload };
}

const refundBank = { banco: '341', agencia: '1234', conta: '56789-0', tipoConta: 'CORRENTE', titularDocumento: persona('gustavo').document };
const cashBank = { banco: '341', agencia: '1234', conta: '123456', tipoConta: 'CORRENTE' };
const setRefund = (stack: Stack, change: Parameters<Stack['sandbox']['setRefund']>[1]) => stack.sandbox.setRefund('gustavo', change);

export const RACE_DRIVERS: Record<string, RaceEntry> = {
  'bids/confirm': {
    persona: 'ana',
    async prepare(c) {
      await step(c, 'type', { modalidade: 'LL', tipoOferta: 'VL', valor: '20.000,00' });
      await step(c, 'builtin', { valorLanceEmbutido: '5.000,00' });
      await step(c, 'keys', { trocaChaves: true });
      await step(c, 'reduction', { tipoAmortizacao: 'PRAZO' });
    },
    body: () => ({}),
  },
  'slips/generate': { persona: 'ana', body: (c) => offeredPayload(c, '/boletos', 'slips/generate') },
  'slips/generate-marked': { persona: 'ana', body: (c) => offeredPayload(c, '/boletos/listadeboletos', 'slips/generate-marked') },
  'slips/payoff': {
    persona: 'ana',
    async prepare(c) {
      await c.action('slips/payoff-quote');
    },
    body: () => ({}),
  },
  'renegotiation/confirm': {
    persona: 'carla',
    async prepare(c) {
      await c.action('renegotiation/select', await offeredPayload(c, '/boletos/renegociar/parcelasdisponiveis', 'renegotiation/select'));
    },
    body: () => ({}),
  },
  'cash-billing/start': { persona: 'nina', body: () => ({ confirmaTipo: true }) },
  'cash-billing/bank-data': {
    persona: 'nina',
    before: async (stack) => {
      const c = await vehicleClient(stack.baseUrl, 'nina');
      await c.action('cash-billing/start', { confirmaTipo: true });
    },
    body: () => cashBank,
  },
  'cash-billing/accept-term': {
    persona: 'nina',
    before: async (stack) => {
      const c = await vehicleClient(stack.baseUrl, 'nina');
      await c.action('cash-billing/start', { confirmaTipo: true });
      await c.action('cash-billing/bank-data', cashBank);
    },
    body: () => ({ aceite: true }),
  },
  // The seed's refund, not started (the sandbox's reset restores it).
  'refund/start': { persona: 'gustavo', body: () => ({}) },
  'refund/bank-data': {
    persona: 'gustavo',
    before: async (stack) => {
      const c = await vehicleClient(stack.baseUrl, 'gustavo');
      await c.action('refund/start');
    },
    body: () => refundBank,
  },
  'refund/schedule': {
    persona: 'gustavo',
    before: async (stack) => {
      await setRefund(stack, { status: 'NAO_INICIADO' });
      const c = await vehicleClient(stack.baseUrl, 'gustavo');
      await c.action('refund/bank-data', refundBank);
      await setRefund(stack, { status: 'DOCUMENTO_APROVADO' });
    },
    body: async (c) => {
      const form = findAll((await c.screen('/devolucao/documento-aprovado')).body.layout, (n) => n.type === 'form')[0];
      return form.formData;
    },
  },
  'quota-transfer/confirm': {
    persona: 'marcos',
    async prepare(c) {
      await c.action('quota-transfer/assignee', { cpfCnpj: '661.157.509-03' });
    },
    body: () => ({}),
  },
  'insurance/request': { persona: 'marcos', body: () => ({ telefone: '(62) 98789-7890', email: 'marcos.teixeira@example.com.br', horario: 'TARDE' }) },
  'reactivation/request': { persona: 'helena', body: () => ({ telefone: '(11) 98765-4321', email: 'helena.souza@example.com.br', horario: 'MANHA' }) },
  'post-sale/callback': {
    persona: 'igor',
    async prepare(c) {
      await c.action('post-sale/security', { ano: '1999' });
      await c.action('post-sale/security', { ano: '1998' });
    },
    body: () => ({ telefone: '(85) 98777-8888', periodo: 'TARDE', motivo: 'SEGURANCA' }),
  },
  'awarded/confirm-offer': {
    persona: 'rita',
    async prepare(c) {
      await c.screen('/contemplado/sorteio');
      await c.screen('/contemplado/condicoes-sorteio');
      await c.screen('/contemplado/oferta');
    },
    body: () => ({ aceite: true }),
  },
  'vehicle-billing/confirm': {
    persona: 'fernanda',
    async prepare(c) {
      await c.action('vehicle-billing/vehicle', { marca: 'volkswagen', modelo: 'polo', ano: '2026/2027', cor: 'Branco' });
      await c.action('vehicle-billing/purchase-value', { valorCompra: 98_000 });
      await c.action('vehicle-billing/dealership', { cnpj: '11.222.333/0001-81' });
      await c.action('vehicle-billing/payment-form', { formaPagamento: 'TED' });
      await c.action('vehicle-billing/dealership-account', { banco: '341', agencia: '1234', conta: '556677', tipoConta: 'CORRENTE', titularDocumento: '11.222.333/0001-81', formaPagamento: 'TED' });
    },
    body: () => ({ confirma: true }),
  },
  'vehicle-billing/manual': {
    persona: 'fernanda',
    session: (stack) => vehicleClient(stack.baseUrl, 'fernanda', { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124 Mobile Safari/537.36' }) as unknown as Promise<Client>,
    body: () => ({ ciente: true, motivo: 'consignado' }),
  },
  'vehicle-billing/schedule-payment': { exempt: 'reached only after the purchase order, the invoice and two days of the back office’s clock (tests/api/vehicle-billing.test.ts); its once-only confirmation is the same code as vehicle-billing/confirm’s, raced here' },
  'used-vehicle/inspection-digital': {
    persona: 'eduardo',
    async prepare(c) {
      await c.action('used-vehicle/inspection-terms-digital', { aceite: true });
    },
    body: () => ({ cienteTaxas: true }),
  },
  'used-vehicle/inspection-resend-link': { exempt: 'offered only once the link expired, 30 days on the back office’s clock after the inspection was asked for (tests/api/used-vehicle-inspection.test.ts)' },
  'used-vehicle/inspection-technical': { exempt: 'needs the technical inspection’s address steps and a visit date ahead of the back office’s clock (tests/api/used-vehicle-inspection.test.ts)' },
  'used-vehicle/schedule-payment': {
    persona: 'eduardo',
    async before(stack) {
      await setUsedVehicle(stack.sandbox, 'eduardo', { estadoProcesso: 'AGUARDANDO_ASSINATURA', statusPagamento: null });
      const signed = await fetch(`${stack.sandbox.url}/__sandbox/personas/eduardo/faturamento-seminovo/assinatura`, { method: 'POST' });
      if (!signed.ok) throw new Error(`contract signature: ${signed.status}`);
    },
    body: () => ({}),
  },
  'used-vehicle/reversal-bank-data': { persona: 'otavio', body: () => ({ segmento: 'pessoafisica', banco: '341', tipoConta: 'CORRENTE', agencia: '1234', conta: '998877', titularDocumento: '52998224725' }) },
};
