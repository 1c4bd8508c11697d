import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { BILLING_FILE_MESSAGES, billingFilesProblem, parseDataUrl, sniffType, uploadFile, BILLING_UPLOADS } from '../../flow-parts/index.js';
import { navigate, NO_PROCESS, registerSchedulePayment, quotaIdOf, refusalOf, stepOf, type Steps } from './flow.js';
import { SEMINOVO } from './used-central.js';
import { vehicleUpstream as vehicle } from './vehicle-billing-upstream.js';

const ANY_TYPE = ['application/pdf', 'image/jpeg', 'image/jpg', 'image/png', 'application/octet-stream', 'text/plain'];

/** Contract states (doc 2 §4.5) and the words of each on the signing page. */
const CONTRACT_TEXT: Record<string, string> = {
  AGUARDANDO_ASSINATURA: 'aguardando',
  DOCUMENTO_ASSINADO: 'assinado',
  CONTRATO_PENDENTE: 'pendente',
  PROGRAMAR_PAGAMENTO: 'programar',
};

/**
 * After the owner's documents (doc 2 §2.5, §4.5, §8, §9): the invoice pending (it misses essential
 * information: the seller sends a correction letter), the correction letter sent, and the contract
 * signing (e-mailed within 7 days; once signed, the payment is scheduled).
 */
export default async function usedContract(app: FastifyInstance, { steps }: { steps: Steps }) {
  steps.set(`${SEMINOVO}/pendencianotafiscal`, async (_ctx, data) => {
    if (!data) return NO_PROCESS;
    return stepOf(app, 'seminovo-pendencia-nf', {
      ...(data.respostaAnalista ? { linhas: [{ label: app.text('seminovo.rotulo.observacao'), text: data.respostaAnalista }] } : {}),
      formularios: [
        {
          id: 'form-carta-correcao',
          schema: { type: 'object', required: ['cartaCorrecao'], properties: { cartaCorrecao: { type: 'array', title: app.text('seminovo.campo.carta-correcao'), minItems: 1, maxItems: 2, items: { type: 'string', format: 'data-url' }, errorMessage: BILLING_FILE_MESSAGES.missing } } },
          uiSchema: { cartaCorrecao: { 'ui:options': { orderable: false, copyable: false, accept: '.pdf,.jpg,.jpeg' } } },
          formData: { cartaCorrecao: [''] },
          rotulo: app.text('veiculo.enviar'),
          acao: 'used-vehicle/correction-letter',
        },
      ],
    });
  });

  app.actions.register('used-vehicle/correction-letter', {
    filesGo: 'the back office’s file store (`files.upload`, category `faturamento-veiculo`), then attached to the used-vehicle billing',
    bodyLimit: 20 * 1024 * 1024,
    files: BILLING_UPLOADS,
    input: z.object({ cartaCorrecao: z.array(z.string()).max(10).default([]) }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const parsed = input.cartaCorrecao.filter(Boolean).map((v) => parseDataUrl(v, ANY_TYPE));
      if (parsed.some((p) => p === null)) return { kind: 'field-errors', errors: { cartaCorrecao: BILLING_FILE_MESSAGES.badFormat } };
      const problem = billingFilesProblem(parsed.map((p) => p!.data), 2);
      if (problem) return { kind: 'field-errors', errors: { cartaCorrecao: problem } };
      try {
        const ids: string[] = [];
        for (const [k, p] of parsed.entries()) ids.push((await uploadFile(upstream!, { field: 'cartaCorrecao', n: k + 1, data: p!.data, type: sniffType(p!.data)! }, 'faturamento-veiculo', 'Carta de correção')).id);
        await vehicle.sendCorrectionLetter(upstream!, quotaIdOf(upstream!), ids);
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${SEMINOVO}/cartacorrecaoenviada` };
    },
  });

  steps.set(`${SEMINOVO}/cartacorrecaoenviada`, async (_ctx, data) => {
    if (!data) return NO_PROCESS;
    return stepOf(app, 'seminovo-carta-enviada', { botoes: [navigate(app, 'seminovo.ver-linha-do-tempo', `${SEMINOVO}/centralcontemplacao`)] });
  });

  steps.set(`${SEMINOVO}/assinaturacontrato`, async (_ctx, data) => {
    if (!data) return NO_PROCESS;
    const state = data.estadoProcesso ?? data.status;
    const words = CONTRACT_TEXT[state] ?? 'aguardando';
    return stepOf(app, 'seminovo-assinatura', {
      aviso: app.text(`seminovo.assinatura.${words}`),
      ...(data.respostaAnalista && state === 'CONTRATO_PENDENTE' ? { linhas: [{ label: app.text('seminovo.rotulo.observacao'), text: data.respostaAnalista }] } : {}),
      formularios:
        state === 'PROGRAMAR_PAGAMENTO'
          ? [{ id: 'form-programar-pagamento', schema: { type: 'object', properties: {} }, uiSchema: {}, formData: {}, rotulo: app.text('seminovo.assinatura.programar-acao'), acao: 'used-vehicle/schedule-payment' }]
          : [],
      botoes: [navigate(app, 'seminovo.ver-linha-do-tempo', `${SEMINOVO}/centralcontemplacao`, 'secondary')],
    });
  });

  registerSchedulePayment(app, 'used-vehicle/schedule-payment', `${SEMINOVO}/acompanharpagamento`);
}
