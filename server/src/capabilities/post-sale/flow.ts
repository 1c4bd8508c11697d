import type { FastifyInstance } from 'fastify';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { invalidDocuments, postSaleCase, progressOf, type PostSaleCase, type Progress } from './progress.js';

/** Route prefix of the post-sale journey (doc 2 §2.8). */
export const BASE = '/pos-venda';
/** The wizard definition that holds the 13 steps, their routes and texts. */
export const WIZARD = 'post-sale-wizard';
/** The step that must be passed before any later one. */
export const SECURITY_STEP = 'validacao-seguranca';

export type Reason = 'SEGURANCA' | 'DOCUMENTOS' | 'ENTENDIMENTO' | 'VENDA';
export const callbackRoute = (reason: Reason) => `${BASE}/desvio-manual?motivo=${reason.toLowerCase()}`;

export const stepsOf = (app: FastifyInstance) => app.flows.wizard(WIZARD).steps;

export function stepRoute(app: FastifyInstance, id: string): string {
  return stepsOf(app).find((s) => s.id === id)?.route ?? BASE;
}

/** The route after step `id` (the last step leads home). */
export function nextRoute(app: FastifyInstance, id: string): string {
  const steps = stepsOf(app);
  const next = steps[steps.findIndex((s) => s.id === id) + 1];
  return next?.route ?? '/home';
}

/** 'Passo n de 13'. */
export function stepCounter(app: FastifyInstance, id: string): string {
  const steps = stepsOf(app);
  return app.text('posvenda.passo', { n: steps.findIndex((s) => s.id === id) + 1, total: steps.length });
}

export interface Journey {
  kase: PostSaleCase;
  progress: Progress;
}

/**
 * The post-sale case and its progress, or where the customer goes instead: home without a case;
 * the call-back form when the flow is blocked (two wrong security answers) or the documents were
 * found invalid; the security question before any later step.
 */
export async function journey(app: FastifyInstance, u: CustomerUpstream, stepId: string | null): Promise<Journey | { redirect: string }> {
  const kase = await postSaleCase(u);
  if (!kase) return { redirect: '/home' };
  const progress = progressOf(kase);
  if (progress.bloqueado) return { redirect: callbackRoute('SEGURANCA') };
  if (invalidDocuments(kase)) return { redirect: callbackRoute('DOCUMENTOS') };
  if (stepId !== null) {
    const steps = stepsOf(app).map((s) => s.id);
    if (!progress.validado && steps.indexOf(stepId) > steps.indexOf(SECURITY_STEP)) return { redirect: stepRoute(app, SECURITY_STEP) };
  }
  return { kase, progress };
}
