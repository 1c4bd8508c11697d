import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Action, ActionResult } from '../../../../screens/contract/index.js';
import { localNow } from '../../domain/clock.js';
import { INSPECTION_FEE } from '../../domain/vehicle-billing.js';
import { serverTime } from '../../upstream/server-time.js';
import { formatMoney, isCompanyId } from '../../domain/format.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import type { ScreenContext } from '../../composition/screens.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { vehicleUpstream, type VehicleBillingData } from './vehicle-billing-upstream.js';
import { PAYMENT_HOLD_MS, quotaMove } from '../../security/once.js';

/** Route prefixes: general billing (doc 2 §2.6) and the new vehicle (§2.4). */
export const GERAL = '/faturamento';
export const NOVO = '/faturamentonovo';

/** Where a flow screen goes when the quota has no vehicle process: /faturamento decides. */
export const NO_PROCESS = { redirect: '/faturamento' } as const;

export const quotaIdOf = (u: CustomerUpstream) => u.session.data.quota!.idCota;
export const billingOf = (u: CustomerUpstream) => vehicleUpstream.status(u, quotaIdOf(u));
export const isCompany = (u: CustomerUpstream) => isCompanyId(u.session.data.customer.inscricaoNacional);

/** A form of a step screen: JSON Schema, its ui hints, what is filled in, and the action it submits. */
export interface StepForm {
  id: string;
  schema: Record<string, unknown>;
  uiSchema?: Record<string, unknown>;
  formData?: Record<string, unknown>;
  rotulo: string;
  acao: string;
}

export interface StepButton {
  rotulo: string;
  variante: 'primary' | 'secondary' | 'link';
  acao: Action;
}

/**
 * What a vehicle-billing screen shows (layout `veiculo-etapa`): title, text, a warning, label →
 * value rows, a list, the follow-up steps {title, status, date}, forms and buttons. Texts are
 * already resolved; money and dates already formatted.
 */
export interface StepView {
  titulo: string;
  texto?: string;
  aviso?: string;
  linhas?: Array<{ label: string; text: string }>;
  itens?: string[];
  /** A table (caption, column heads, rows of cells), where the content is one. */
  tabela?: { titulo: string; colunas: string[]; linhas: string[][] };
  passos?: Array<{ title: string; status: string; date: string }>;
  formularios?: StepForm[];
  botoes?: StepButton[];
}

export type StepBuilder = (ctx: ScreenContext, data: VehicleBillingData | null) => Promise<StepView | { redirect: string }>;

/** Route → builder of the screens served by the `veiculo-etapa` layout; each part adds its own. */
export type Steps = Map<string, StepBuilder>;

/** The title and text of a step from the texts (`veiculo.<key>.titulo`, `.texto`), plus what the step adds. */
export function stepOf(app: FastifyInstance, key: string, extra: Omit<StepView, 'titulo'> = {}): StepView {
  return { titulo: app.text(`veiculo.${key}.titulo`), texto: app.text(`veiculo.${key}.texto`), ...extra };
}

/** Whether two names from the customer and the core system are the same (case and spaces aside). */
export const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('pt-BR') === b.trim().toLocaleLowerCase('pt-BR');

/** The brand and model the customer asked the core system to include, each row only when it was given. */
export function requestedVehicleRows(app: FastifyInstance, order: { newMarca?: string | null; newModelo?: string | null } | null | undefined): Array<{ label: string; text: string }> {
  const rows = [
    { label: app.text('veiculo.campo.marca'), text: order?.newMarca ?? '' },
    { label: app.text('veiculo.campo.modelo'), text: order?.newModelo ?? '' },
  ];
  return rows.filter((row) => row.text.trim() !== '');
}

export const navigate = (app: FastifyInstance, label: string, to: string, variante: StepButton['variante'] = 'primary'): StepButton => ({ rotulo: app.text(label), variante, acao: { type: 'navigate', to } });

/** The back office's day ('YYYY-MM-DD' in Brasília), for the document deadline. */
export const todayOf = async (u: CustomerUpstream) => localNow(await serverTime(u)).slice(0, 10);

/**
 * An upstream refusal as the form's message (the back office's words, else 'Falha ao realizar
 * esta operação…'); an unavailable back office or an expired session goes on as an error.
 */
export function refusalOf(app: FastifyInstance, err: unknown): ActionResult {
  if (err instanceof UpstreamError && !err.unavailable && !err.tokenExpired) return { kind: 'field-errors', errors: {}, message: err.upstreamMessage ?? app.text('veiculo.erro.operacao') };
  throw err;
}

/**
 * Registers the action that schedules the vehicle's payment once the purchase order or the
 * contract allows it (new and used vehicles alike), then opens `followUp`, the payment follow-up.
 */
export function registerSchedulePayment(app: FastifyInstance, name: string, followUp: string): void {
  app.actions.register(name, {
    idempotent: true,
    input: z.object({}),
    once: { key: (_input, { request }) => quotaMove(request, 'pagamento'), holdMs: PAYMENT_HOLD_MS },
    async handler(_input, { upstream }): Promise<ActionResult> {
      try {
        await vehicleUpstream.schedulePayment(upstream!, quotaIdOf(upstream!));
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: followUp };
    },
  });
}

/** The restart form: the customer confirms knowing the inspection fee is charged again (doc 2 §4.5). */
export function restartForm(app: FastifyInstance): StepForm {
  return {
    id: 'form-reiniciar',
    schema: { type: 'object', required: ['ciente'], properties: { ciente: { type: 'boolean', const: true, title: app.text('veiculo.reiniciar.ciente', { taxa: formatMoney(INSPECTION_FEE) }), errorMessage: app.text('veiculo.erro.reiniciar') } } },
    uiSchema: {},
    formData: {},
    rotulo: app.text('veiculo.reiniciar.acao'),
    acao: 'vehicle-billing/restart',
  };
}
