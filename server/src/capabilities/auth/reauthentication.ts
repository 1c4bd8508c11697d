import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { parseNationalId } from '../../domain/national-id.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import type { LoginThrottle } from '../../security/login-throttle.js';
import { securityEvent } from '../../security/security-events.js';
import type { Session } from '../../storage/session-store.js';
import { login } from './auth-upstream.js';

/** The password typed again opens e-mail, phone and biometric changes of this session for this long. */
export const REAUTH_MS = 5 * 60_000;

/** The changes that ask for the password again, and the screen each goes back to once it is typed. */
export const REAUTH_FOR = { contato: '/perfil/email-telefone', biometria: '/biometria' } as const;
export type ReauthPurpose = keyof typeof REAUTH_FOR;

/** Whether the customer typed the password again in this session within REAUTH_MS. */
export function recentlyReauthenticated(session: Session, now = Date.now()): boolean {
  const at = session.data.reauthenticatedAt;
  return typeof at === 'number' && at <= now && now - at < REAUTH_MS;
}

/** What a change answers without a recent password: its screen again, which asks for the password, and why. */
export function reauthenticationNeeded(app: FastifyInstance, purpose: ReauthPurpose): ActionResult {
  return { kind: 'snackbar', message: app.text('reautenticacao.necessaria'), to: REAUTH_FOR[purpose] };
}

/**
 * The password typed again inside a session (ASVS V7.5.1): checked by the back office's login, the
 * same call and the same throttle as the login itself (5 wrong per account and 20 per address in
 * 15 minutes, a block after 10 in a row), so a taken-over session cannot guess the password here
 * faster than at the login. A wrong password answers the login's own message and changes nothing;
 * the tokens the check returns are not kept. A partner agent cannot: it is not the customer.
 */
export default async function reauthentication(app: FastifyInstance, { throttle }: { throttle: LoginThrottle }) {
  app.actions.register('auth/reauthenticate', {
    input: z.object({
      senha: z.string('@entrar.erro.senha').regex(/^\d{6}$/, '@entrar.erro.senha'),
      motivo: z.enum(['contato', 'biometria']),
    }),
    async handler(input, { request }): Promise<ActionResult> {
      const session = request.session!;
      if (session.data.agent) return { kind: 'error', title: app.text('erro.titulo'), message: app.text('perfil.agente') };
      const id = parseNationalId(session.data.customer.inscricaoNacional);
      if (!id) return { kind: 'error', title: app.text('erro.titulo'), message: app.text('erro.generico'), retry: false };
      const account = id.value;
      const refused = (reason: 'blocked' | 'limit', key: string): ActionResult => {
        securityEvent(request, reason === 'blocked' ? 'login.blocked' : 'limit.reached', { pathway: 'reauthentication', outcome: 'refused', reason });
        return { kind: 'field-errors', errors: {}, message: app.text(key) };
      };
      const verdict = await throttle.verdict(account, request.ip);
      // A block is lifted only by a login that checks a one-time code: not here.
      if (verdict === 'blocked' || verdict === 'unblock-by-code') return refused('blocked', 'entrar.erro.bloqueado');
      if (verdict === 'too-many' || !(await throttle.reserve(account))) return refused('limit', 'entrar.erro.muitas-tentativas');
      try {
        await login(app.upstream, session.data.partnerId, { type: id.kind, username: account, password: input.senha });
      } catch (err) {
        if (!(err instanceof UpstreamError) || err.unavailable) throw err;
        await throttle.failed(account, request.ip);
        securityEvent(request, 'login.failed', { pathway: 'reauthentication', outcome: 'failure', reason: 'wrong-password' });
        return { kind: 'field-errors', errors: { senha: app.text('entrar.erro.credenciais') } };
      }
      await throttle.succeeded(account);
      await app.sessions.patch(session, { reauthenticatedAt: Date.now() });
      securityEvent(request, 'login.succeeded', { pathway: 'reauthentication', outcome: 'success' });
      return { kind: 'navigate', to: REAUTH_FOR[input.motivo], replace: true };
    },
  });
}
