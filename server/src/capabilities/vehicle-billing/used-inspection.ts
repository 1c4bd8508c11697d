import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatDateTime } from '../../domain/clock.js';
import { INSPECTOR_CONTACT_HOURS, LINK_VALID_DAYS, RESULT_VALID_DAYS, USED_MESSAGES, validity } from '../../domain/used-vehicle.js';
import { upstreamNow } from '../../upstream/server-time.js';
import { navigate, quotaIdOf, refusalOf, type StepView, type Steps } from './flow.js';
import { usedState, usedStepOf } from './used-flow.js';
import { usedUpstream, type InspectionState } from './used-vehicle-upstream.js';
import { quotaMove } from '../../security/once.js';
import { DIGITAL, TECHNICAL, IN_PROGRESS, inspectionKit } from './used-inspection-kit.js';

/**
 * Used vehicle, inspection (doc 2 §2.5, §3.5, §4.5, §9): digital or technical by the process's
 * isDigital flag; the terms accepted before anything is asked; the rules; the fees shown before
 * confirming (R$ 150,00 deducted from the credit letter, R$ 75,00 a re-inspection after a no-show,
 * the partner agent's variant); the digital link (valid 30 days) or the technical visit (CEP
 * lookup — a failed one clears every address field but the CEP —, address, companion with a date
 * and time not in the past); the result (valid 45 days), both counted on the back office's
 * clock; a refused inspection (bill another asset, or send the document again) and the Detran
 * pending.
 */
export default async function usedInspection(app: FastifyInstance, { steps }: { steps: Steps }) {
  const { draftOf, patchDraft, inspectionOf, feeTexts, feeForm, guard, expiredResult, resultRows } = inspectionKit(app);

  // ------------------------------------------------------------ intros, terms, rules

  for (const kind of ['digital', 'tecnica'] as const) {
    const base = kind === 'digital' ? DIGITAL : TECHNICAL;

    steps.set(base, async (ctx, data) => {
      const used = guard(data);
      if ('redirect' in used) return used;
      const expired = await expiredResult(ctx.upstream!, await inspectionOf(ctx.upstream!));
      return usedStepOf(app, `vistoria-${kind}`, { ...(expired ? { aviso: expired } : {}), itens: feeTexts(ctx.upstream!, false), botoes: [navigate(app, 'seminovo.continuar', `${base}/termos`)] }, { horas: String(INSPECTOR_CONTACT_HOURS), dias: String(LINK_VALID_DAYS) });
    });

    // The terms: the same page under both prefixes (aliases), the kind from the route.
    steps.set(`${base}/termos`, async (_ctx, data) => {
      const used = guard(data);
      if ('redirect' in used) return used;
      return usedStepOf(app, 'termos', {
        itens: [1, 2, 3, 4].map((n) => app.text(`seminovo.termos.item${n}`, { dias: String(RESULT_VALID_DAYS) })),
        formularios: [
          {
            id: 'form-termos',
            schema: { type: 'object', required: ['aceite'], properties: { aceite: { type: 'boolean', title: app.text('seminovo.termos.aceite'), errorMessage: USED_MESSAGES.terms } } },
            uiSchema: {},
            formData: { tipo: kind },
            rotulo: app.text('seminovo.continuar'),
            acao: `used-vehicle/inspection-terms-${kind}`,
          },
        ],
      });
    });

    app.actions.register(`used-vehicle/inspection-terms-${kind}`, {
      input: z.object({ aceite: z.literal(true, `@seminovo.erro.termos`), tipo: z.string().max(10).optional() }),
      async handler(_input, { request }): Promise<ActionResult> {
        await patchDraft(request, { termos: kind });
        return { kind: 'navigate', to: `${base}/regras` };
      },
    });

    steps.set(`${base}/regras`, async (ctx, data) => {
      const used = guard(data);
      if ('redirect' in used) return used;
      if (draftOf(ctx.request)?.termos !== kind) return { redirect: `${base}/termos` };
      const itens = [1, 2, 3, 4].map((n) => app.text(`seminovo.regras-vistoria.${kind}${n}`));
      if (kind === 'tecnica') return usedStepOf(app, 'regras-vistoria', { itens, botoes: [navigate(app, 'seminovo.vistoria.agendar', `${TECHNICAL}/cep`)] });
      return usedStepOf(app, 'regras-vistoria', { itens, aviso: feeTexts(ctx.upstream!, false).join(' '), formularios: [feeForm('form-vistoria-digital', 'used-vehicle/inspection-digital', 'seminovo.vistoria.enviar-link')] });
    });
  }

  // ------------------------------------------------------------ digital

  app.actions.register('used-vehicle/inspection-digital', {
    idempotent: true,
    input: z.object({ cienteTaxas: z.literal(true, '@seminovo.erro.taxas') }),
    once: { key: (_input, { request }) => quotaMove(request, 'vistoria-digital') },
    async handler(_input, { upstream, request }): Promise<ActionResult> {
      if (draftOf(request)?.termos !== 'digital') return { kind: 'field-errors', errors: {}, message: USED_MESSAGES.terms };
      try {
        await usedUpstream.scheduleDigital(upstream!, quotaIdOf(upstream!));
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${DIGITAL}/linkenviado` };
    },
  });



  steps.set(`${DIGITAL}/linkenviado`, async (ctx, data) => {
    const used = guard(data, true);
    if ('redirect' in used) return used;
    const v = await inspectionOf(ctx.upstream!);
    const now = await upstreamNow(ctx.upstream!);
    if (v.tipoVistoria !== 'VISTORIA_DIGITAL' || !v.linkEnviadoEm) {
      // The process says the inspection is under way but the back office has no link to show:
      // what is known, never a redirect back (the digital page sends an inspection in progress here).
      if (IN_PROGRESS.has(usedState(used))) return usedStepOf(app, 'link-enviado', { linhas: resultRows(v, now) }, { dias: String(LINK_VALID_DAYS) });
      return { redirect: DIGITAL };
    }
    const link = validity(v.linkEnviadoEm, LINK_VALID_DAYS, now);
    const linkExpired = !link.valid && v.situacao === 'LINK_ENVIADO';
    const view: Omit<StepView, 'titulo'> = {
      linhas: [
        { label: app.text('seminovo.vistoria.link'), text: v.linkVistoria ?? app.text('comum.nao-informado') },
        { label: app.text('seminovo.vistoria.enviado-em'), text: formatDateTime(v.linkEnviadoEm) },
        { label: app.text('seminovo.vistoria.link-valido'), text: link.valid ? formatDateTime(link.until) : app.text('seminovo.vistoria.vencido') },
        ...resultRows(v, now),
      ],
    };
    if (linkExpired) return usedStepOf(app, 'link-enviado', { ...view, aviso: app.text('seminovo.vistoria.link-vencido', { dias: String(LINK_VALID_DAYS) }), formularios: [feeForm('form-reenviar-link', 'used-vehicle/inspection-resend-link', 'seminovo.vistoria.reenviar-link')] }, { dias: String(LINK_VALID_DAYS) });
    return usedStepOf(app, 'link-enviado', view, { dias: String(LINK_VALID_DAYS) });
  });

  app.actions.register('used-vehicle/inspection-resend-link', {
    idempotent: true,
    input: z.object({ cienteTaxas: z.literal(true, '@seminovo.erro.taxas') }),
    once: { key: (_input, { request }) => quotaMove(request, 'vistoria-digital-reenvio') },
    async handler(_input, { upstream }): Promise<ActionResult> {
      try {
        await usedUpstream.scheduleDigital(upstream!, quotaIdOf(upstream!));
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${DIGITAL}/linkenviado` };
    },
  });
}
