import type { FastifyInstance } from 'fastify';
import { addBusinessDays } from '../../domain/business-days.js';
import { BRAZIL_TZ, formatDateTime } from '../../domain/clock.js';
import { formatDate } from '../../domain/format.js';
import type { StepStatus } from '../../domain/timeline.js';
import { segmentOf } from '../../domain/used-vehicle-seller.js';
import { STATE_STATUS, USED_PAYMENT_BUSINESS_DAYS, usedTimeline, type StepState, type UsedStep } from '../../domain/used-vehicle-timeline.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import dayjs from 'dayjs';
import { billingOf, NO_PROCESS, todayOf, type StepButton } from './flow.js';
import type { VehicleBillingData } from './vehicle-billing-upstream.js';

/** Route prefix of the used vehicle (doc 2 §2.5). */
export const SEMINOVO = '/faturamentoseminovo';

/** Where the used-vehicle process stands, by the definitions: its step and page, and the payment's own state. */
export interface UsedPlace {
  step: UsedStep;
  page: string;
  payment: { state: StepState; page: string | null } | null;
}

type Decide = (table: string, inputs: Record<string, unknown>) => unknown;

/** The used-vehicle table (state → step, page) and, on the payment step, the payment table (doc 2 §4.5). */
export function usedPlaceOf(decide: Decide, data: VehicleBillingData): UsedPlace | null {
  const found = decide('used-vehicle-step', { state: data.estadoProcesso ?? data.status, digital: data.isDigital, introSeen: false, sellerType: segmentOf(data.tipoVendedor) }) as { step: UsedStep; page: string } | null;
  if (!found) return null;
  const payment = found.step === 'pagamento' && data.statusPagamento ? (decide('payment-step', { status: data.statusPagamento }) as { state: StepState; page: string | null }) : null;
  return { ...found, payment };
}

/** The timeline as the screen's `timeline` component draws it. */
export interface TimelineView {
  title: string;
  status: StepStatus;
  statusText: string;
  text?: string;
}

/**
 * The day the payment is due: N business days (national, Easter-based and the customer's state
 * holidays) after the last payment event, or after today on the back office's clock.
 */
export async function paymentDueDay(upstream: CustomerUpstream, data: VehicleBillingData, uf?: string): Promise<string> {
  const last = data.timelinePagamento.at(-1);
  const from = last ? dayjs(last.em).tz(BRAZIL_TZ).format('YYYY-MM-DD') : await todayOf(upstream);
  return addBusinessDays(from, USED_PAYMENT_BUSINESS_DAYS, uf);
}

/**
 * The used-vehicle central (`centralcontemplacao`) and the payment follow-up
 * (`acompanharpagamento`): the six steps of the timeline (registration update, simulation —
 * "Indicação do bem" for a partner agent —, inspection, owner data, contract signing, payment),
 * each step's status by the definitions; a pending payment says "em até N dias úteis", a reversed
 * one offers to redo the bank data.
 */
export default async function usedCentral(app: FastifyInstance) {
  async function timelineOf(upstream: CustomerUpstream, data: VehicleBillingData, place: UsedPlace): Promise<TimelineView[]> {
    const agent = Boolean(upstream.session.data.agent);
    const due = place.payment?.state === 'pendente' ? formatDate(await paymentDueDay(upstream, data)) : null;
    return usedTimeline(place.step, place.payment?.state ?? null).map(({ step, state }) => ({
      title: app.text(step === 'simulacao' && agent ? 'seminovo.etapa.simulacao-agente' : `seminovo.etapa.${step}`),
      status: STATE_STATUS[state],
      statusText: app.text(`seminovo.estado.${state}`),
      ...(step === 'pagamento' && state === 'pendente' && due ? { text: app.text('seminovo.pagamento.prazo', { dias: String(USED_PAYMENT_BUSINESS_DAYS), data: due }) } : {}),
      ...(step === 'pagamento' && state === 'erro' ? { text: app.text('seminovo.pagamento.estornado') } : {}),
      ...(step === 'pagamento' && state === 'concluido' ? { text: app.text('seminovo.pagamento.enviado') } : {}),
    }));
  }

  app.screens.register('seminovo-linha-do-tempo', async (ctx) => {
    const upstream = ctx.upstream!;
    const data = await billingOf(upstream);
    if (!data || data.tipoFaturamento !== 'SEMINOVO') return NO_PROCESS;
    const place = usedPlaceOf((table, inputs) => app.flows.decide(table, inputs).outcome, data);
    if (!place) return NO_PROCESS;
    const payment = ctx.route.path === `${SEMINOVO}/acompanharpagamento`;
    const botoes: StepButton[] = [];
    if (place.payment?.page) botoes.push({ rotulo: app.text('seminovo.pagamento.refazer'), variante: 'primary', acao: { type: 'navigate', to: place.payment.page } });
    else if (place.page !== ctx.route.path) botoes.push({ rotulo: app.text('veiculo.continuar'), variante: 'primary', acao: { type: 'navigate', to: place.page } });
    const key = payment ? 'seminovo.acompanhar' : 'seminovo.central';
    return {
      titulo: app.text(`${key}.titulo`),
      texto: app.text(`${key}.texto`),
      aviso: place.payment?.state === 'erro' ? app.text('seminovo.pagamento.estornado-causas') : '',
      passos: await timelineOf(upstream, data, place),
      eventos: payment ? data.timelinePagamento.map((e) => ({ label: e.descricao, text: `${app.text(`seminovo.situacao.${e.situacao}`)} · ${formatDateTime(e.em)}` })) : [],
      observacao: data.respostaAnalista ?? '',
      botoes,
    };
  });
}
