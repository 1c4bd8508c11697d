import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatDateTime } from '../../domain/clock.js';
import { navigate, NO_PROCESS, registerSchedulePayment, NOVO, quotaIdOf, refusalOf, restartForm, stepOf, type Steps } from './flow.js';
import { vehicleUpstream as vehicle } from './vehicle-billing-upstream.js';

/** Step status names of the follow-up (doc 2 §3.6 timeline: Aberto, Concluido, Fechado, Pendente, Erro). */
const STEP_STATUS: Record<string, string> = { Aberto: 'Em andamento', Concluido: 'Concluído', Fechado: 'Fechado', Pendente: 'Pendente', Erro: 'Erro' };

/**
 * The payment of the new vehicle: scheduling it, following it (a list of steps {title, status,
 * date} in Brasília time), a Detran pending item, and the manual flow.
 */
export default async function vehiclePayment(app: FastifyInstance, { steps }: { steps: Steps }) {
  steps.set(`${NOVO}/ordempagamento`, async (_ctx, data) => {
    if (!data) return NO_PROCESS;
    return stepOf(app, 'ordem-pagamento', {
      formularios: data.status === 'PROGRAMAR_PAGAMENTO' ? [{ id: 'form-programar', schema: { type: 'object', properties: {} }, uiSchema: {}, formData: {}, rotulo: app.text('veiculo.ordem-pagamento.acao'), acao: 'vehicle-billing/schedule-payment' }] : [],
    });
  });

  registerSchedulePayment(app, 'vehicle-billing/schedule-payment', `${NOVO}/acompanharpagamento`);

  steps.set(`${NOVO}/acompanharpagamento`, async (_ctx, data) => {
    if (!data) return NO_PROCESS;
    const sent = data.status === 'PAGAMENTO_ENVIADO';
    return stepOf(app, sent ? 'pagamento-enviado' : 'acompanhar', {
      passos: data.timelinePagamento.map((e) => ({ title: e.descricao, status: STEP_STATUS[e.situacao] ?? e.situacao, date: formatDateTime(e.em) })),
    });
  });

  steps.set(`${NOVO}/pendencia-detran`, async (_ctx, data) => {
    if (!data) return NO_PROCESS;
    return stepOf(app, 'pendencia-detran', {
      formularios: data.status === 'PENDENCIA_DETRAN' ? [{ id: 'form-detran', schema: { type: 'object', properties: {} }, uiSchema: {}, formData: {}, rotulo: app.text('veiculo.pendencia-detran.acao'), acao: 'vehicle-billing/detran-resolved' }] : [],
    });
  });

  app.actions.register('vehicle-billing/detran-resolved', {
    input: z.object({}),
    async handler(_input, { upstream }): Promise<ActionResult> {
      try {
        await vehicle.resolveDetran(upstream!, quotaIdOf(upstream!));
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${NOVO}/acompanharpagamento` };
    },
  });

  // The manual flow: the process goes on with the service team, in the phone app; or restart digital.
  steps.set(`${NOVO}/fluxo-manual`, async (_ctx, data) => stepOf(app, 'fluxo-manual', { ...(data?.observacao ? { linhas: [{ label: app.text('veiculo.rotulo.motivo'), text: data.observacao }] } : {}), botoes: [navigate(app, 'veiculo.fluxo-manual.ver', '/faturamento/manual')], formularios: [restartForm(app)] }));
}
