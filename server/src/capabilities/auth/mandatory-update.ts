import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { mandatoryUpdatePending } from '../../domain/cases.js';
import { loadCases } from '../../upstream/crm-cases.js';
import { formatNationalId, maskEmail, maskPhone } from '../../domain/format.js';
import { registration } from '../../../../back-office/index.js';

/**
 * Reads the customer's CRM cases after login and flags a mandatory registration update in the
 * session; the guard table then sends protected routes to /atualizacao-obrigatoria. A CRM that
 * does not answer does not block the login (logged as a warning).
 */
export async function checkMandatoryUpdate(request: FastifyRequest): Promise<void> {
  const session = request.session;
  if (!session) return;
  try {
    const records = await loadCases(request.customerUpstream());
    await request.server.sessions.patch(session, { mandatoryUpdate: mandatoryUpdatePending(records, session.data.transparent === true) });
  } catch (err) {
    request.log.warn({ err }, 'CRM cases unavailable at login; mandatory update not checked');
    await request.server.sessions.patch(session, { mandatoryUpdate: false });
  }
}

/** /atualizacao-obrigatoria → /confirmar-dados-cadastrais → confirm (core/dados-cadastrais/confirmar-dados). */
export default async function mandatoryUpdate(app: FastifyInstance) {
  // Two reasons share this route (doc 1 §2): a mandatory app update (versoes) and a mandatory
  // registration update (CRM cases). With neither, there is nothing to do here.
  app.screens.register('atualizacao-obrigatoria', async (ctx) => {
    if (await app.appVersions.updateRequired(ctx.request)) return { app: true };
    if (ctx.request.session?.data.mandatoryUpdate) return { app: false };
    return { redirect: '/home' };
  });
  app.screens.register('confirmar-dados-cadastrais', async (ctx) => {
    const customer = ctx.request.session!.data.customer;
    return {
      nome: customer.nome,
      documento: formatNationalId(customer.inscricaoNacional),
      email: customer.email ? maskEmail(customer.email) : app.text('comum.nao-informado'),
      celular: customer.celular ? maskPhone(customer.celular) : app.text('comum.nao-informado'),
    };
  });

  app.actions.register('auth/confirm-registration', {
    input: z.object({}).passthrough(),
    async handler(_input, { request }): Promise<ActionResult> {
      const session = request.session!;
      await request.customerUpstream().request(registration.confirm);
      await app.sessions.patch(session, { mandatoryUpdate: false });
      return { kind: 'snackbar', message: app.text('cadastro.confirmado'), to: '/groups-and-quotas' };
    },
  });
}
