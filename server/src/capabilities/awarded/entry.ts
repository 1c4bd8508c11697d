import type { FastifyInstance } from 'fastify';
import { localNow } from '../../domain/clock.js';
import { activeContemplationNotice, NOTICE_DONE_PHASE } from '../../domain/contemplation.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { crmCases } from '../../../../back-office/index.js';
import { loadCases } from '../../upstream/crm-cases.js';
import { serverTime } from '../../upstream/server-time.js';
import { awardedCase, awardedOf, awardedProgressOf, CONTEMPLADO, routeOf, STEPS, stepInputs } from './flow.js';

/** The steps a confirmed offer has passed. */
const BEFORE_CONFIRMATION = ['sorteio', 'condicoes-sorteio', 'oferta'];

/**
 * /contemplado: where the customer stands, decided only by the definitions — the status → screen
 * table (awarded-flow-screen); when it says "flow start" (the offer confirmation, the initial
 * step), the first step of the wizard (awarded-flow-steps) not yet done: the draw presentation
 * for a draw, else the offer; after the offer, the step the saved progress reached.
 * `?aviso=ciente` first finishes the contemplation notice (phase 'Ciente via APP').
 */
export default async function awardedEntry(app: FastifyInstance) {
  async function finishNotice(upstream: CustomerUpstream): Promise<void> {
    const today = localNow(await serverTime(upstream)).slice(0, 10);
    const notice = activeContemplationNotice(await loadCases(upstream), today);
    if (notice) await upstream.request(crmCases.update, { params: { caseNumber: notice.CaseNumber }, json: { Origin: 'APP', Fase__c: NOTICE_DONE_PHASE } });
  }

  app.screens.register('contemplado', async (ctx) => {
    const upstream = ctx.upstream!;
    if (ctx.query.get('aviso') === 'ciente') await finishNotice(upstream);
    const data = await awardedOf(upstream);
    if (!data) return { redirect: '/home' };
    const target = app.flows.decide('awarded-flow-screen', { status: data.status }).outcome;
    if (typeof target !== 'string') return { redirect: '/home' };
    if (target !== routeOf('oferta')) return { redirect: target };
    const [inputs, kase] = await Promise.all([stepInputs(upstream, data), awardedCase(upstream)]);
    const done = [...awardedProgressOf(kase).etapas, ...(data.termoAceitoEm ? BEFORE_CONFIRMATION : [])];
    const step = app.flows.steps(STEPS, inputs).find((s) => !done.includes(s));
    return { redirect: step ? routeOf(step) : `${CONTEMPLADO}/confirmacao-documentos` };
  });
}
