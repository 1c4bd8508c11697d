import dayjs from 'dayjs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ActionResult, Modal } from '../../../../screens/contract/index.js';
import { localNow } from '../../domain/clock.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { serverTime } from '../../upstream/server-time.js';
import { evaluation as backOffice } from '../../../../back-office/index.js';
import { inNativeWrapper } from '../../composition/client-platform.js';
import { getPreferences, putPreferences } from '../notifications/notifications-upstream.js';

/** Flows that end by asking how it went. */
const FLOWS = ['boletos', 'renegociacao'] as const;
export type EvaluatedFlow = (typeof FLOWS)[number];
/** 'Agora não' asks again this many days later. */
const ASK_AGAIN_DAYS = 30;

/** The flow-evaluation modal for the end of `flow`, or none (spec doc 1 §3, §6). */
export async function evaluationModals(app: FastifyInstance, request: FastifyRequest, upstream: CustomerUpstream, flow: EvaluatedFlow): Promise<Modal[]> {
  if (!inNativeWrapper(request)) return [];
  const [prefs, time] = await Promise.all([getPreferences(upstream).catch(() => null), serverTime(upstream)]);
  const a = prefs?.assessmentUser;
  if (!prefs || a?.assessmented || (a?.nextAppearance && a.nextAppearance > localNow(time).slice(0, 10))) return [];
  const answer = (gostou: boolean) => ({ type: 'submit' as const, action: 'evaluation/answer', payload: { fluxo: flow, gostou } });
  return [
    {
      id: 'avaliacao',
      title: app.text('avaliacao.titulo'),
      body: [{ type: 'text', text: app.text('avaliacao.texto') }],
      actions: [
        { label: app.text('avaliacao.gostei'), variant: 'primary', action: answer(true) },
        { label: app.text('avaliacao.nao-gostei'), variant: 'secondary', action: answer(false) },
        { label: app.text('avaliacao.depois'), variant: 'link', action: { type: 'submit', action: 'evaluation/later', payload: { fluxo: flow } } },
      ],
    },
  ];
}

/**
 * The flow-evaluation modal (assessment: liked, next appearance): only inside a native wrapper,
 * never again once answered, and not before its next appearance after 'Agora não'. The answer
 * goes to usuarios/avaliacoes and the state to the user's preferences (assessmentUser).
 */
export default async function evaluation(app: FastifyInstance) {
  app.actions.register('evaluation/answer', {
    input: z.object({ fluxo: z.enum(FLOWS), gostou: z.boolean() }),
    async handler(input, { upstream, request, partner }): Promise<ActionResult> {
      const quota = request.session!.data.quota;
      await upstream!.request(backOffice.send, {
        json: { name: input.fluxo, answer: input.gostou ? 'GOSTEI' : 'NAO_GOSTEI', partner: partner.partner.id, group_quota: quota ? `${quota.grupo}-${quota.cota}` : '-' },
      });
      await putPreferences(upstream!, { assessmentUser: { assessmented: true, liked: input.gostou, nextAppearance: null } });
      return { kind: 'snackbar', message: app.text('avaliacao.obrigado') };
    },
  });

  app.actions.register('evaluation/later', {
    input: z.object({ fluxo: z.enum(FLOWS) }),
    async handler(_input, { upstream }): Promise<ActionResult> {
      const today = localNow(await serverTime(upstream!)).slice(0, 10);
      const nextAppearance = dayjs(today).add(ASK_AGAIN_DAYS, 'day').format('YYYY-MM-DD');
      await putPreferences(upstream!, { assessmentUser: { assessmented: false, liked: null, nextAppearance } });
      return { kind: 'snackbar', message: app.text('avaliacao.mais-tarde') };
    },
  });
}
