import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { BILLING_FILE_MESSAGES, billingFilesProblem, parseDataUrl, sniffType, uploadFile, BILLING_UPLOADS } from '../../flow-parts/index.js';
import { formatMoney } from '../../domain/format.js';
import { INSPECTION_FEES } from '../../domain/used-vehicle.js';
import { navigate, quotaIdOf, refusalOf, restartForm, type Steps } from './flow.js';
import { NO_USED_PROCESS, SEMINOVO, usedProcess, usedState, usedStepOf } from './used-flow.js';
import { usedUpstream } from './used-vehicle-upstream.js';
import { vehicleUpstream } from './vehicle-billing-upstream.js';
import { ANY_TYPE, inspectionKit } from './used-inspection-kit.js';

/** Used vehicle, a refused inspection (doc 2 §9): bill another asset or send the document again; the Detran pending. */
export default async function usedInspectionRefused(app: FastifyInstance, { steps }: { steps: Steps }) {
  const { inspectionOf } = inspectionKit(app);

  // ------------------------------------------------------------ refused inspection, Detran

  steps.set(`${SEMINOVO}/vistoriarecusada`, async (ctx, data) => {
    const used = usedProcess(data);
    if (!used) return NO_USED_PROCESS;
    const v = await inspectionOf(ctx.upstream!);
    const why = v.motivoRecusa ?? used.respostaAnalista;
    return usedStepOf(app, 'vistoria-recusada', {
      ...(why ? { aviso: why } : {}),
      itens: [app.text('seminovo.vistoria-recusada.outro-bem', { taxa: formatMoney(INSPECTION_FEES.vistoria) }), app.text('seminovo.vistoria-recusada.reenviar')],
      formularios: [
        {
          id: 'form-documento-vistoria',
          schema: { type: 'object', required: ['documento'], properties: { documento: { type: 'array', title: app.text('seminovo.vistoria-recusada.documento'), minItems: 1, maxItems: 2, items: { type: 'string', format: 'data-url' }, errorMessage: BILLING_FILE_MESSAGES.missing } } },
          uiSchema: { documento: { 'ui:options': { orderable: false, copyable: false, accept: '.pdf,.jpg,.jpeg' } } },
          formData: { documento: [''] },
          rotulo: app.text('veiculo.enviar'),
          acao: 'used-vehicle/inspection-document',
        },
        restartForm(app),
      ],
    });
  });

  app.actions.register('used-vehicle/inspection-document', {
    filesGo: 'the back office’s file store (`files.upload`, category `faturamento-veiculo`), then attached to the refused inspection',
    bodyLimit: 20 * 1024 * 1024,
    files: BILLING_UPLOADS,
    input: z.object({ documento: z.array(z.string()).max(5).default([]) }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const parsed = input.documento.filter(Boolean).map((v) => parseDataUrl(v, ANY_TYPE));
      if (parsed.length === 0) return { kind: 'field-errors', errors: { documento: BILLING_FILE_MESSAGES.missing } };
      if (parsed.some((p) => p === null)) return { kind: 'field-errors', errors: { documento: BILLING_FILE_MESSAGES.badFormat } };
      const problem = billingFilesProblem(parsed.map((p) => p!.data), 2);
      if (problem) return { kind: 'field-errors', errors: { documento: problem } };
      try {
        const ids: string[] = [];
        for (const [k, p] of parsed.entries()) ids.push((await uploadFile(upstream!, { field: 'documento', n: k + 1, data: p!.data, type: sniffType(p!.data)! }, 'faturamento-veiculo', 'Documento da vistoria')).id);
        await usedUpstream.reanalysis(upstream!, quotaIdOf(upstream!), ids);
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${SEMINOVO}/vistoriarecusada/documentoreenviado` };
    },
  });

  steps.set(`${SEMINOVO}/vistoriarecusada/documentoreenviado`, async (_ctx, data) => (usedProcess(data) ? usedStepOf(app, 'documento-reenviado', { botoes: [navigate(app, 'seminovo.voltar-acompanhamento', SEMINOVO)] }) : NO_USED_PROCESS));

  steps.set(`${SEMINOVO}/pendencia-detran`, async (_ctx, data) => {
    const used = usedProcess(data);
    if (!used) return NO_USED_PROCESS;
    if (usedState(used) !== 'PENDENCIA_DETRAN') return { redirect: SEMINOVO };
    return usedStepOf(app, 'pendencia-detran', {
      ...(used.respostaAnalista ? { aviso: used.respostaAnalista } : {}),
      formularios: [
        {
          id: 'form-detran',
          schema: { type: 'object', required: ['resolvido'], properties: { resolvido: { type: 'boolean', title: app.text('seminovo.detran.resolvido'), errorMessage: app.text('seminovo.erro.detran') } } },
          uiSchema: {},
          formData: {},
          rotulo: app.text('seminovo.detran.acao'),
          acao: 'used-vehicle/detran-resolved',
        },
      ],
    });
  });

  app.actions.register('used-vehicle/detran-resolved', {
    input: z.object({ resolvido: z.literal(true, '@seminovo.erro.detran') }),
    async handler(_input, { upstream }): Promise<ActionResult> {
      try {
        await vehicleUpstream.resolveDetran(upstream!, quotaIdOf(upstream!));
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: SEMINOVO };
    },
  });
}
