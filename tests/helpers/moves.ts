import { asCustomerWithFirstQuota, type client, findAll } from './api-client.js';
import { persona } from './personas.js';
import type { Stack } from './stack.js';
import { ORDER, setVehicle } from './vehicle-billing.js';
import { SELLER_CPF, setUsedVehicle } from './used-vehicle.js';

export type Client = ReturnType<typeof client>;

/**
 * A draft-confirming action or a money move, as the tests of "consumed by its first confirmation"
 * drive it: whose, how the back office is put where the move can be made, what each session does
 * before confirming (its draft) and with what body it confirms, and the back office's call that
 * is the move itself.
 */
export interface MoveCase {
  action: string;
  persona: string;
  /** The partner's host prefix (marcos is Horizonte's). */
  host?: string;
  /** The sandbox's clock for the case (ISO instant). */
  clock?: string;
  /** After the reset: the back office put in place (sandbox control, or another session of the customer); what it answers goes to `prepare`. */
  arrange?: (stack: Stack) => Promise<Record<string, unknown>>;
  /** What a session does before confirming; answers the body it confirms with (default `body`). */
  prepare?: (c: Client, arranged: Record<string, unknown>) => Promise<unknown>;
  body?: unknown;
  /** The call that is the move: its method and its path for this quota. */
  effect: { method: string; path: (idCota: number, arranged: Record<string, unknown>) => string };
}

/** Logs `key` in (on the partner `host`, on the stack's server or another instance's `url`) and selects the first quota; its id too. */
export const customer = (stack: Stack, key: string, host?: string, url = stack.baseUrl): Promise<{ c: Client; idCota: number }> =>
  asCustomerWithFirstQuota(url, key, host ? `${host}.localhost:${new URL(url).port}` : undefined);

const control = async (stack: Stack, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${stack.sandbox.url}/__sandbox/${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? null : JSON.stringify(body) });
  if (!res.ok) throw new Error(`sandbox ${method} ${path}: ${res.status} ${await res.text()}`);
};

/** Another session of the case's customer, for arranging through the app. */
const session = async (stack: Stack, key: string) => (await customer(stack, key)).c;

const formOf = async (c: Client, path: string, id?: string) => findAll((await c.screen(path)).body.layout, (n) => n.type === 'form' && (!id || n.id === id))[0];

const REFUND_BANK = { titularDocumento: persona('gustavo').document, banco: '341', agencia: '1234', conta: '56789-0', tipoConta: 'CORRENTE' };
const CASH_BANK = { banco: '341', agencia: '1234', conta: '123456', tipoConta: 'CORRENTE' };
const CONTACT = { telefone: '(62) 98789-7890', email: 'cliente@example.com.br', horario: 'TARDE' };
const USED_NOW = '2026-11-23T13:00:00.000Z';

async function offer(c: Client) {
  await c.action('bids/step', { passo: 'type', modalidade: 'LL', tipoOferta: 'VL', valor: '10.000,00' });
  return {};
}

/** Every draft-confirming action and money move, one row each: a new one is one more row. */
export const MOVES: MoveCase[] = [
  { action: 'bids/confirm', persona: 'ana', prepare: offer, effect: { method: 'POST', path: (id) => `cotas/${id}/credenciamento-lance` } },
  {
    action: 'bids/cancel',
    persona: 'ana',
    arrange: async (stack) => {
      const c = await session(stack, 'ana');
      await offer(c);
      await c.action('bids/confirm');
      const button = findAll((await c.screen('/bid_history')).body.layout, (n) => n.type === 'button' && n.action?.action === 'bids/cancel-confirm')[0];
      return { protocolo: button.action.payload.protocolo };
    },
    prepare: async (_c, arranged) => ({ protocolo: arranged.protocolo }),
    effect: { method: 'PUT', path: (id, arranged) => `cotas/${id}/credenciamento-lance/cancelamento-lance/${String(arranged.protocolo)}` },
  },
  {
    action: 'slips/generate',
    persona: 'ana',
    // Each session lists its own instalments (a second-copy process of its own).
    prepare: async (c) => findAll((await c.screen('/boletos?filtro=todos')).body.layout, (n) => n.type === 'button' && n.action?.action === 'slips/generate')[0].action.payload,
    effect: { method: 'POST', path: (id) => `cotas/${id}/cobrancas/boleto` },
  },
  {
    action: 'slips/generate-marked',
    persona: 'ana',
    prepare: async (c) => {
      const form = await formOf(c, '/boletos/listadeboletos', 'form-parcelas');
      return { ...form.submit.action.payload, parcelas: [form.schema.properties.parcelas.items.enum[0]] };
    },
    effect: { method: 'POST', path: (id) => `cotas/${id}/cobrancas/segunda-via/gerar-boleto` },
  },
  { action: 'slips/payoff', persona: 'ana', body: {}, effect: { method: 'POST', path: (id) => `cotas/${id}/cobrancas/quitacao/boleto` } },
  {
    action: 'renegotiation/confirm',
    persona: 'carla',
    prepare: async (c) => {
      const form = await formOf(c, '/boletos/renegociar/parcelasdisponiveis', 'form-renegociar');
      await c.action('renegotiation/select', { parcelas: form.schema.properties.parcelas.items.enum });
      return {};
    },
    effect: { method: 'POST', path: () => 'confirmar-renegociacao' },
  },
  { action: 'refund/start', persona: 'gustavo', body: {}, effect: { method: 'GET', path: () => 'core/devolucao/iniciar' } },
  {
    action: 'refund/bank-data',
    persona: 'gustavo',
    arrange: async (stack) => {
      await (await session(stack, 'gustavo')).action('refund/start');
      return {};
    },
    body: REFUND_BANK,
    effect: { method: 'POST', path: () => 'core/devolucao/solicitar-pagamento' },
  },
  {
    action: 'refund/schedule',
    persona: 'gustavo',
    arrange: async (stack) => {
      await stack.sandbox.setRefund('gustavo', { status: 'NAO_INICIADO' });
      await (await session(stack, 'gustavo')).action('refund/bank-data', REFUND_BANK);
      await stack.sandbox.setRefund('gustavo', { status: 'DOCUMENTO_APROVADO' });
      return {};
    },
    prepare: async (c) => (await formOf(c, '/devolucao/documento-aprovado')).formData,
    effect: { method: 'POST', path: () => 'core/devolucao/solicitar-pagamento' },
  },
  { action: 'cash-billing/start', persona: 'nina', body: { confirmaTipo: true }, effect: { method: 'POST', path: () => 'core/faturamento-credito/iniciar' } },
  {
    action: 'cash-billing/bank-data',
    persona: 'nina',
    arrange: async (stack) => {
      await (await session(stack, 'nina')).action('cash-billing/start', { confirmaTipo: true });
      return {};
    },
    body: CASH_BANK,
    effect: { method: 'PATCH', path: () => 'core/faturamento-credito/atualizar' },
  },
  {
    action: 'cash-billing/accept-term',
    persona: 'nina',
    arrange: async (stack) => {
      const c = await session(stack, 'nina');
      await c.action('cash-billing/start', { confirmaTipo: true });
      await c.action('cash-billing/bank-data', CASH_BANK);
      return {};
    },
    body: { aceite: true },
    effect: { method: 'POST', path: () => 'core/faturamento-credito/solicitar-pagamento' },
  },
  {
    action: 'quota-transfer/confirm',
    persona: 'marcos',
    host: 'horizonte',
    prepare: async (c) => {
      await c.action('quota-transfer/assignee', { cpfCnpj: '661.157.509-03' });
      return {};
    },
    effect: { method: 'POST', path: () => 'core/transferencia-cota/solicitar' },
  },
  { action: 'insurance/request', persona: 'marcos', host: 'horizonte', body: CONTACT, effect: { method: 'POST', path: () => 'salesforce/casos' } },
  { action: 'reactivation/request', persona: 'helena', body: CONTACT, effect: { method: 'POST', path: () => 'salesforce/casos' } },
  { action: 'post-sale/callback', persona: 'igor', body: { telefone: '(85) 98777-8888', periodo: 'TARDE', motivo: 'ENTENDIMENTO' }, effect: { method: 'POST', path: () => 'core/pos-venda/retorno-contato' } },
  { action: 'awarded/confirm-offer', persona: 'rita', body: { aceite: true }, effect: { method: 'POST', path: () => 'core/contemplacao/confirmar-oferta' } },
  {
    action: 'awarded/restart',
    persona: 'nina',
    arrange: async (stack) => {
      await stack.sandbox.setAwarded('nina', { status: 'PRAZO_FINALIZADO' });
      return {};
    },
    body: {},
    effect: { method: 'POST', path: () => 'core/contemplacao/reiniciar' },
  },
  {
    action: 'vehicle-billing/product',
    persona: 'fernanda',
    arrange: async (stack) => {
      await setVehicle(stack.sandbox, 'fernanda', { status: 'TRATATIVA_NAO_INICIADA', tipoFaturamento: null });
      return {};
    },
    body: { produto: 'NOVO' },
    effect: { method: 'GET', path: () => 'core/faturamento/auto/iniciar' },
  },
  {
    action: 'vehicle-billing/confirm',
    persona: 'fernanda',
    arrange: async (stack) => {
      await setVehicle(stack.sandbox, 'fernanda', { status: 'AGUARDANDO_CONFIRMACAO', pedido: ORDER });
      return {};
    },
    body: { confirma: true },
    effect: { method: 'POST', path: (id) => `cotas/${id}/faturamento/solicitar` },
  },
  { action: 'vehicle-billing/manual', persona: 'fernanda', body: { ciente: true, motivo: 'consignado' }, effect: { method: 'POST', path: () => 'core/faturamento/auto/iniciar-manual' } },
  {
    action: 'vehicle-billing/restart',
    persona: 'fernanda',
    arrange: async (stack) => {
      await setVehicle(stack.sandbox, 'fernanda', { status: 'AGUARDANDO_DOCUMENTOS', criadoHaDias: 91 });
      return {};
    },
    body: { ciente: true },
    effect: { method: 'GET', path: () => 'core/faturamento/auto/reiniciar-fluxo' },
  },
  {
    action: 'vehicle-billing/schedule-payment',
    persona: 'fernanda',
    arrange: async (stack) => {
      await setVehicle(stack.sandbox, 'fernanda', { status: 'PROGRAMAR_PAGAMENTO', pedido: ORDER });
      return {};
    },
    body: {},
    effect: { method: 'GET', path: () => 'core/faturamento/auto/programar-pagamento' },
  },
  {
    action: 'used-vehicle/schedule-payment',
    persona: 'eduardo',
    arrange: async (stack) => {
      await setUsedVehicle(stack.sandbox, 'eduardo', { estadoProcesso: 'AGUARDANDO_ASSINATURA', statusPagamento: null });
      await control(stack, 'POST', 'personas/eduardo/faturamento-seminovo/assinatura');
      return {};
    },
    body: {},
    effect: { method: 'GET', path: () => 'core/faturamento/auto/programar-pagamento' },
  },
  {
    action: 'used-vehicle/reversal-bank-data',
    persona: 'otavio',
    body: { segmento: 'pessoafisica', banco: '341', tipoConta: 'CORRENTE', agencia: '1234', conta: '998877', titularDocumento: SELLER_CPF },
    effect: { method: 'POST', path: () => 'core/faturamento/auto/dados-vendedor' },
  },
  {
    action: 'used-vehicle/registration-confirm',
    persona: 'eduardo',
    arrange: async (stack) => {
      await setUsedVehicle(stack.sandbox, 'eduardo', { estadoProcesso: 'AGUARDANDO_ESCOLHA_BEM' });
      return {};
    },
    body: { confirma: true },
    effect: { method: 'GET', path: () => 'core/faturamento/auto/iniciar' },
  },
  {
    action: 'used-vehicle/inspection-digital',
    persona: 'eduardo',
    clock: USED_NOW,
    prepare: async (c) => {
      await c.action('used-vehicle/inspection-terms-digital', { aceite: true });
      return { cienteTaxas: true };
    },
    effect: { method: 'PUT', path: () => 'core/faturamento/auto/agendar-vistoria' },
  },
  {
    action: 'used-vehicle/inspection-resend-link',
    persona: 'eduardo',
    clock: USED_NOW,
    arrange: async (stack) => {
      const c = await session(stack, 'eduardo');
      await c.action('used-vehicle/inspection-terms-digital', { aceite: true });
      await c.action('used-vehicle/inspection-digital', { cienteTaxas: true });
      await stack.sandbox.advanceClock(30 * 24 * 3600);
      return {};
    },
    body: { cienteTaxas: true },
    effect: { method: 'PUT', path: () => 'core/faturamento/auto/agendar-vistoria' },
  },
  {
    action: 'used-vehicle/inspection-technical',
    persona: 'eduardo',
    clock: USED_NOW,
    prepare: async (c) => {
      await c.action('used-vehicle/inspection-terms-tecnica', { aceite: true });
      await c.action('used-vehicle/inspection-address', { cep: '01310-100', logradouro: 'Avenida Paulista', numero: '1000', bairro: 'Bela Vista', cidade: 'São Paulo', estado: 'SP' });
      return { nome: 'Marta Santos', telefone: '51987654321', data: '2026-11-25', hora: '14:30', cienteTaxas: true };
    },
    effect: { method: 'PUT', path: () => 'core/faturamento/auto/agendar-vistoria' },
  },
];

/**
 * Actions whose names say they confirm, submit, start or generate but move no money and consume no
 * draft, each with the reason.
 */
export const NOT_MOVES: Record<string, string> = {
  'bids/cancel-confirm': 'opens the confirmation modal of a cancellation; nothing reaches the back office',
  'auth/logout-confirm': 'opens the confirmation modal of a logout; nothing reaches the back office',
  'auth/confirm-registration': 'says the registration data stands as it is (mandatory update); saying it twice changes nothing',
  'auth/identity-start': 'starts the identity check of a forgotten e-mail, before any login: no account or money is moved, and its limits are the login flow’s',
  'auth/otp-confirm-document': 'confirms where the one-time code goes; codes and their limits are the login flow’s',
  'auth/otp-confirm-email': 'confirms where the one-time code goes; codes and their limits are the login flow’s',
};
