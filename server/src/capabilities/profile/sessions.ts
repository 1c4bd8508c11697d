import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { BRAZIL_TZ } from '../../domain/clock.js';
import { securityEvent } from '../../security/security-events.js';
import type { SessionSummary } from '../../storage/session-store.js';
import { AFTER_ENDING } from '../auth/customer-sessions.js';

/** How a session's start or last use is written: to the minute; to the second when two sessions would read alike. */
const MINUTE = 'DD/MM/YYYY [às] HH:mm';
const SECOND = 'DD/MM/YYYY [às] HH:mm:ss';
const at = (epoch: number, format: string) => dayjs(epoch).tz(BRAZIL_TZ).format(format);

/**
 * /perfil/sessoes: the customer's live sessions (where each was opened, when it started and was
 * last used, this one marked), each other one ended by its own button and all the others by one.
 * Ending deletes the session's row: its browser or app is logged out at its next request. Each
 * ending writes a `session.ended` security event (customer-other, customer-all-others).
 */
export default async function sessions(app: FastifyInstance) {
  const platformName = (s: SessionSummary) => app.text(`sessoes.plataforma.${s.platform}`);
  /** A partner's transparent login sees the customer's data, but does not end the customer's sessions. */
  const partnerRefusal = (): ActionResult => ({ kind: 'error', title: app.text('erro.titulo'), message: app.text('sessoes.parceiro') });

  app.screens.register('perfil-sessoes', async (ctx) => {
    const session = ctx.request.session!;
    const own = app.sessions.refOf(session.id);
    const all = await app.sessions.sessionsOf(session.data.partnerId, session.data.customer.inscricaoNacional);
    const others = all.filter((s) => s.ref !== own);
    // The card of each other session has its own end button, named by when it started: the names
    // differ (to the second, then by platform, then by number) when two would read alike.
    const started = new Map(others.map((s) => [s.ref, at(s.createdAt, MINUTE)]));
    const alike = (of: Map<string, string>) => new Set([...of.values()].filter((v, i, all) => all.indexOf(v) !== i));
    for (const refine of [(s: SessionSummary) => at(s.createdAt, SECOND), (s: SessionSummary) => `${at(s.createdAt, SECOND)} (${platformName(s)})`]) {
      const twice = alike(started);
      for (const s of others) if (twice.has(started.get(s.ref)!)) started.set(s.ref, refine(s));
    }
    const twice = alike(started);
    const seen = new Map<string, number>();
    for (const s of others) {
      const when = started.get(s.ref)!;
      if (!twice.has(when)) continue;
      const n = (seen.get(when) ?? 0) + 1;
      seen.set(when, n);
      started.set(s.ref, `${when}, sessão ${n}`);
    }
    const current = all.find((s) => s.ref === own);
    const card = (s: SessionSummary, atual: boolean) => ({
      ref: s.ref,
      atual,
      onde: platformName(s),
      iniciada: app.text('sessoes.iniciada', { quando: started.get(s.ref) ?? at(s.createdAt, MINUTE) }),
      visto: atual ? app.text('sessoes.visto-agora') : app.text('sessoes.visto', { quando: at(s.lastSeenAt, MINUTE) }),
      encerrar: app.text('sessoes.encerrar-nome', { quando: started.get(s.ref) ?? '' }),
    });
    return {
      sessoes: [...(current ? [card(current, true)] : []), ...others.map((s) => card(s, false))],
      outras: others.length > 0,
    };
  });

  app.actions.register('profile/session-end', {
    input: z.object({ sessao: z.string().regex(/^[A-Za-z0-9_-]{22}$/) }),
    async handler(input, { request }): Promise<ActionResult> {
      const session = request.session!;
      if (session.data.transparent) return partnerRefusal();
      const ended = await app.sessions.endByRef(session.data.partnerId, session.data.customer.inscricaoNacional, input.sessao, session.id);
      if (!ended) return { kind: 'snackbar', message: app.text('sessoes.ja-encerrada'), to: AFTER_ENDING.sessoes };
      securityEvent(request, 'session.ended', { reason: 'customer-other', outcome: 'success', count: 1 });
      return { kind: 'snackbar', message: app.text('sessoes.encerrada'), to: AFTER_ENDING.sessoes };
    },
  });

  app.actions.register('profile/sessions-end-others', {
    // From the sessions screen, or from the offer after a password change (which goes where the change ends).
    input: z.object({ origem: z.enum(['sessoes', 'perfil', 'acesso']).catch('sessoes') }),
    async handler(input, { request }): Promise<ActionResult> {
      const session = request.session!;
      if (session.data.transparent) return partnerRefusal();
      const count = await app.sessions.endAllOf(session.data.partnerId, session.data.customer.inscricaoNacional, session.id);
      if (count > 0) securityEvent(request, 'session.ended', { reason: 'customer-all-others', outcome: 'success', count });
      return { kind: 'snackbar', message: app.text(count > 0 ? 'sessoes.outras-encerradas' : 'sessoes.nenhuma-outra'), to: AFTER_ENDING[input.origem] };
    },
  });
}
