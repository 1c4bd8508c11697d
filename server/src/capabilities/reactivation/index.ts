import type { FastifyInstance } from 'fastify';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { norm, type CrmCase } from '../../domain/cases.js';
import { localNow } from '../../domain/clock.js';
import { contactProblems, contactRequestInput, reactivationInputs } from '../../domain/special-flows.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { loadCases, openCase } from '../../upstream/crm-cases.js';
import { serverTime } from '../../upstream/server-time.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';
import { quotaMove } from '../../security/once.js';

/** The CRM case type of a quota reactivation (doc 2 §3.2). */
export const REACTIVATION_CASE_TYPE = 'Reativação de Cota';

const isReactivationCase = (c: CrmCase) => norm(c.Type) === norm(REACTIVATION_CASE_TYPE);
const inProgress = (c: CrmCase) => ['EM_ANDAMENTO', 'ESCALADO'].includes(c.Status.toUpperCase().replace(/\s+/g, '_'));

/**
 * Reactivation of a cancelled quota (doc 2 §2.11, §4.8, §9): /reactivate with the contact form.
 * Offered when the definitions' reactivation-card table says so (the same decision as the home
 * card); the request opens a CRM case (salesforce/casos), which must answer composite 200 or 201.
 */
export default async function reactivation(app: FastifyInstance) {
  async function standing(u: CustomerUpstream) {
    const [quota, cases, time] = await Promise.all([selectedQuota(u), loadCases(u), serverTime(u)]);
    const offered = app.flows.decide('reactivation-card', reactivationInputs(quota, cases, localNow(time).slice(0, 10))).outcome !== null;
    const requested = cases.some((c) => isReactivationCase(c) && inProgress(c) && (!('IdExternoCota' in c) || !c.IdExternoCota || c.IdExternoCota === String(quota.idCota)));
    return { quota, offered, requested };
  }

  app.screens.register('reativacao', async (ctx) => {
    const s = await standing(ctx.upstream!);
    const u = ctx.upstream!;
    return { oferecida: s.offered && !s.requested, enviada: s.requested, indisponivel: !s.offered && !s.requested, dados: { telefone: u.session.data.customer.celular ?? '', email: u.session.data.customer.email ?? '' } };
  });

  app.actions.register('reactivation/request', {
    idempotent: true,
    input: contactRequestInput('@reativacao.erro.horario'),
    once: { key: (_input, { request }) => quotaMove(request, 'reativacao') },
    async handler(input, { upstream }): Promise<ActionResult> {
      const errors = contactProblems(input);
      if (Object.keys(errors).length > 0) return { kind: 'field-errors', errors };
      const u = upstream!;
      try {
        const s = await standing(u);
        if (s.requested) return { kind: 'navigate', to: '/reactivate' };
        if (!s.offered) return { kind: 'field-errors', errors: {}, message: app.text('reativacao.indisponivel') };
        const periodo = app.text(`reativacao.horario.${input.horario === 'MANHA' ? 'manha' : 'tarde'}`);
        await openCase(u, {
          type: REACTIVATION_CASE_TYPE,
          description: `Reativação solicitada pelo app. Telefone: ${input.telefone.replace(/\D/g, '')}; e-mail: ${input.email}; melhor horário: ${periodo}.`,
          idCota: s.quota.idCota,
        });
      } catch (err) {
        if (!(err instanceof UpstreamError) || err.tokenExpired) throw err;
        return { kind: 'field-errors', errors: {}, message: app.text('reativacao.falha') };
      }
      return { kind: 'snackbar', message: app.text('reativacao.sucesso'), to: '/reactivate' };
    },
  });
}
