import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { addBusinessDays, isBusinessDay, STATES } from '../../domain/business-days.js';
import { formatDateTime } from '../../domain/clock.js';
import { formatMoney } from '../../domain/format.js';
import { parseRefundDate, refundDateText } from '../../domain/refund.js';
import { PAYMENT_HOLD_MS } from '../../security/once.js';
import { DECIDE, DEVOLUCAO, NOT_ALLOWED, quotaIdOf, refundAccess, refundMove, refundOf, refusalOf, statusOf } from './flow.js';
import { refundUpstream, type RefundData, type RefundTimelineStep } from './refund-upstream.js';

const APPROVED = new Set(['DOCUMENTO_APROVADO', 'PARECER_GRC', 'CADASTRO_APROVADO']);
/** The payment's steps (doc 2 §4.6 timeline), in order. */
const STEPS: Array<RefundTimelineStep['etapa']> = ['AGUARDANDO_LIBERACAO', 'AGUARDANDO_PAGAMENTO', 'PAGAMENTO_ENVIADO', 'SOLICITACAO_FINALIZADA'];

/** One step of the payment follow-up, as the timeline shows it. */
export interface PaymentStep {
  title: string;
  status: string;
  date: string;
}

/**
 * Documents approved: the customer programs the payment on a business day within the deadline
 * ("pagamento em até 5/10 dias úteis", the business-day calculator); then the scheduled payment and
 * the follow-up of the values, a list of steps {title, status, date} in Brasília time. A reversed
 * payment shows its step as an error, the probable causes and the way to redo the bank data.
 */
export default async function refundPayment(app: FastifyInstance) {
  /** The deadline: `prazo` business days after today, and the first business day a payment can be on (the holder's state's holidays too). */
  const window = (today: string, prazo: number, uf: string | undefined) => ({ first: addBusinessDays(today, 1, uf), last: addBusinessDays(today, prazo, uf) });
  /** The holder's state, when the registration names one the calendar knows. */
  const stateOf = async (u: Parameters<typeof quotaIdOf>[0]) => {
    const uf = await refundUpstream.state(u, quotaIdOf(u));
    return uf && STATES.includes(uf) ? uf : undefined;
  };

  app.screens.register('devolucao-programar', async (ctx) => {
    const u = ctx.upstream!;
    const access = await refundAccess(u);
    if (!access.allowed) return NOT_ALLOWED;
    const [data, date, uf] = await Promise.all([refundOf(u), refundUpstream.date(u, quotaIdOf(u)), stateOf(u)]);
    if (!data || !APPROVED.has(data.status ?? '')) return DECIDE;
    if (!data.dadosBancarios) return { redirect: `${DEVOLUCAO}/dados-bancarios` };
    const { first, last } = window(access.today, date.prazoDiasUteis, uf);
    const b = data.dadosBancarios;
    return {
      prazo: app.text('devolucao.programar.prazo', { dias: date.prazoDiasUteis, limite: refundDateText(last) }),
      conta: `${b.banco} · agência ${b.agencia}${b.digitoAgencia ? `-${b.digitoAgencia}` : ''} · conta ${b.conta} (${b.tipoConta === 'CORRENTE' ? 'corrente' : 'poupança'})`,
      valor: formatMoney(data.valorDisponivel),
      dados: { dataDevolucao: refundDateText(first) },
    };
  });

  app.actions.register('refund/schedule', {
    idempotent: true,
    consistency: [{ fields: ['dataDevolucao'], rule: 'the refund date is a business day of the customer’s state within the window the back office gives from today', message: '@devolucao.erro.dia-util', by: 'handler' }],
    input: z.object({ dataDevolucao: z.string('@devolucao.erro.data').max(20, '@devolucao.erro.data') }),
    once: { key: (input, { upstream }) => refundMove(upstream!, 'programar', { dia: parseRefundDate(input.dataDevolucao) }), holdMs: PAYMENT_HOLD_MS },
    async handler(input, { upstream }): Promise<ActionResult> {
      const u = upstream!;
      const day = parseRefundDate(input.dataDevolucao);
      if (!day) return { kind: 'field-errors', errors: { dataDevolucao: app.text('devolucao.erro.data') } };
      const access = await refundAccess(u);
      if (!access.allowed) return { kind: 'navigate', to: NOT_ALLOWED.redirect };
      try {
        const [date, uf] = await Promise.all([refundUpstream.date(u, quotaIdOf(u)), stateOf(u)]);
        const { first, last } = window(access.today, date.prazoDiasUteis, uf);
        if (day < first || day > last || !isBusinessDay(day, uf)) {
          return { kind: 'field-errors', errors: { dataDevolucao: app.text('devolucao.erro.dia-util', { inicio: refundDateText(first), limite: refundDateText(last) }) } };
        }
        await refundUpstream.requestPayment(u, quotaIdOf(u), { dataDevolucao: refundDateText(day) });
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${DEVOLUCAO}/pagamento-programado` };
    },
  });

  /** The payment's steps: each one reached with its status and when; the rest closed. */
  function stepsOf(data: RefundData): PaymentStep[] {
    return STEPS.map((etapa) => {
      const reached = data.timelinePagamento.find((s) => s.etapa === etapa);
      return {
        title: app.text(`devolucao.etapa.${etapa}`),
        status: app.text(`devolucao.situacao-etapa.${reached?.situacao ?? 'Fechado'}`),
        date: reached ? formatDateTime(reached.em) : '',
      };
    });
  }

  app.screens.register('devolucao-acompanhar', async (ctx) => {
    const u = ctx.upstream!;
    if (!(await refundAccess(u)).allowed) return NOT_ALLOWED;
    const [data, date] = await Promise.all([refundOf(u), refundUpstream.date(u, quotaIdOf(u))]);
    if (!data) return DECIDE;
    const scheduled = ctx.route.path === `${DEVOLUCAO}/pagamento-programado`;
    // The refund date counts only when it is DD/MM/YYYY (doc 2 §4.6).
    const day = date.dataDevolucao ? parseRefundDate(date.dataDevolucao) : null;
    const etapas = stepsOf(data);
    const estornado = statusOf(data) === 'PAGAMENTO_ESTORNADO';
    return {
      titulo: app.text(scheduled ? 'devolucao.programado.titulo' : 'devolucao.acompanhar.titulo'),
      data: day ? app.text('devolucao.programado.data', { data: refundDateText(day) }) : app.text('devolucao.programado.sem-data', { dias: date.prazoDiasUteis }),
      valor: formatMoney(data.valorDisponivel),
      estornado,
      etapas,
      linhas: etapas.map((e) => [e.title, e.status, e.date]),
    };
  });
}
