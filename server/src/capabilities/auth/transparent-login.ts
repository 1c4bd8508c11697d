import { session } from '../../../../back-office/index.js';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tokensFrom } from '../../upstream/customer-upstream.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import type { LoginAnswer } from './auth-upstream.js';
import { logAuth } from '../../security/auth-log.js';
import { sessionPlatform } from './customer-sessions.js';

const INVALID = '/login?transparente=invalido';

/**
 * /login-transparente/:token: a partner hands the customer a one-use token. The server trades
 * it upstream before any page script runs, starts a session flagged transparent (only routes
 * flagged for it open; no mandatory update) and redirects to a clean URL. A replayed token is
 * refused without asking the upstream again.
 */
export default async function transparentLogin(app: FastifyInstance) {
  app.get('/login-transparente/:token', async (request, reply) => {
    reply.header('referrer-policy', 'no-referrer').header('cache-control', 'no-store');
    const parsed = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,512}$/) }).safeParse(request.params);
    if (!parsed.success) {
      logAuth(request, 'transparent', 'refused', 'malformed-token');
      return reply.redirect(INVALID);
    }
    const seen = `transparent:${createHash('sha256').update(parsed.data.token).digest('base64url')}`;
    if ((await app.counters.hit(seen, 24 * 3600)) > 1) {
      logAuth(request, 'transparent', 'refused', 'replayed-token');
      return reply.redirect(INVALID);
    }

    let answer: LoginAnswer & { idCota?: number | null; agente?: string | null };
    try {
      answer = await app.upstream.request(session.transparent, { json: { token: parsed.data.token } });
    } catch (err) {
      if (err instanceof UpstreamError && !err.unavailable) {
        logAuth(request, 'transparent', 'failure', 'wrong-token');
        return reply.redirect(INVALID);
      }
      if (err instanceof UpstreamError) logAuth(request, 'transparent', 'failure', 'unavailable');
      throw err;
    }
    const { partner } = await app.partners.forRequest(request);
    const now = Date.now();
    // This route is outside /api/, where the browser's session is not loaded: loaded here, the
    // earlier session is destroyed by startSession instead of outliving its replaced cookie.
    await app.loadSession(request);
    await reply.startSession({
      partnerId: partner.id,
      transparent: true,
      ...(answer.agente ? { agent: answer.agente } : {}),
      customer: {
        nome: answer.usuario.nome,
        inscricaoNacional: answer.usuario.inscricaoNacional,
        tipoPessoa: answer.usuario.tipoPessoa,
        senhaExpirada: false,
        atualizacaoCadastralObrigatoria: false,
        requerMfa: false,
      },
      tokens: tokensFrom(answer, now),
      platform: sessionPlatform(request),
      absoluteExpiresAt: now + app.config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    });
    logAuth(request, 'transparent', 'success');
    if (typeof answer.idCota === 'number') {
      await app.quotaSelection.select(request, answer.idCota);
      return reply.redirect('/home');
    }
    return reply.redirect('/groups-and-quotas');
  });
}
