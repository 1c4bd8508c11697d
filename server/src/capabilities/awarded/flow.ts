import type { FastifyInstance } from 'fastify';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { AWARDED_CASE_TYPE, RESTRICTION_CODE } from '../../domain/contemplation.js';
import { caseTypeIncludes, flowCase, progressOf, progressSchema, refusalOf as flowRefusal, saveProgress, type FlowCase, type Progress } from '../../flow-parts/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';
import { awardedUpstream, type AwardedFlowData } from './awarded-upstream.js';
import { z } from 'zod';

/** Route prefix of the awarded flow (doc 2 §2.2). */
export const CONTEMPLADO = '/contemplado';
/** The wizard that orders the steps and says which apply (screens/flows/awarded-flow-steps.json). */
export const STEPS = 'awarded-flow-steps';
/** Where a flow screen goes when the quota has no awarded process. */
export const NO_PROCESS = { redirect: '/home' } as const;

export const quotaIdOf = (u: CustomerUpstream) => u.session.data.quota!.idCota;
export const awardedOf = (u: CustomerUpstream) => awardedUpstream.status(u, quotaIdOf(u));
export const awardedCase = (u: CustomerUpstream): Promise<FlowCase | null> => flowCase(u, caseTypeIncludes(AWARDED_CASE_TYPE));

/** The awarded flow's own saved progress, on top of the shared one: the steps done. */
const AwardedProgress = progressSchema.extend({ etapas: z.array(z.string()).default([]) }).catch({ enviados: [], arquivos: [], etapas: [] });
export type AwardedProgress = Progress & { etapas: string[] };
export const awardedProgressOf = (kase: FlowCase | null): AwardedProgress => AwardedProgress.parse(progressOf(kase)) as AwardedProgress;

export const refusalOf = (app: FastifyInstance, err: unknown): ActionResult => flowRefusal(app, err, 'contemplado.erro.operacao');

/** The wizard's inputs for the selected quota: its type, the contemplation type, the restriction, the status. */
export async function stepInputs(upstream: CustomerUpstream, data?: AwardedFlowData | null) {
  const [quota, flow, restriction] = await Promise.all([selectedQuota(upstream), data === undefined ? awardedOf(upstream) : Promise.resolve(data), awardedUpstream.restriction(upstream, quotaIdOf(upstream))]);
  return { tipo: quota.tipo, modalidade: flow?.modalidadeContemplacao ?? null, restricao: restriction?.codigoRetorno === RESTRICTION_CODE, status: flow?.status ?? null };
}

/** The route of a step (its id under /contemplado). */
export const routeOf = (step: string) => `${CONTEMPLADO}/${step}`;

/** The step after `current` that applies to this quota, as a route; the flow's entry when none. */
export async function nextRoute(app: FastifyInstance, upstream: CustomerUpstream, current: string, data?: AwardedFlowData | null): Promise<string> {
  const steps = app.flows.steps(STEPS, await stepInputs(upstream, data));
  const at = steps.indexOf(current);
  const next = at >= 0 ? steps[at + 1] : undefined;
  return next ? routeOf(next) : CONTEMPLADO;
}

/** Marks a step done in the case's progress (when there is a case). */
export async function markDone(upstream: CustomerUpstream, step: string): Promise<void> {
  const kase = await awardedCase(upstream);
  if (!kase) return;
  const progress = awardedProgressOf(kase);
  if (progress.etapas.includes(step)) return;
  await saveProgress(upstream, kase.CaseNumber, { ...progress, etapas: [...progress.etapas, step] });
}
