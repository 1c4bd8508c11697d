import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { cookiesOf } from '../../../lib/cookies.js';
import { logAuth } from '../../../security/auth-log.js';
import { securityEvent } from '../../../security/security-events.js';
import type { StaffSession, StaffSessions } from '../staff-sessions.js';
import type { StaffMember } from '../staff.js';
import type { PendingSignIn, ProviderClient } from './provider-client.js';
import { RETURN_PATH, SIGN_IN_PAGE, SIGN_OUT_PATH, START_PATH, type SignInRefusal } from './sign-in-page.js';

interface Wiring {
  signedIn(reply: FastifyReply, member: StaffMember, tokens: StaffSession['provider']): Promise<void>;
  sessions: StaffSessions;
  member(request: FastifyRequest, reply: FastifyReply): Promise<StaffSession | null>;
  clearCookie(reply: FastifyReply): void;
}

/** How long a staff member may take at the provider between leaving the console and coming back. */
const PENDING_MS = 10 * 60_000;
const SEAL_CONTEXT = 'staff-sign-in';
const Pending = z.object({ state: z.string(), nonce: z.string(), verifier: z.string(), redirectUri: z.url(), at: z.number() });

/** Public console pages (no session yet, or leaving one): answered on the console's host only, never cached. */
const PAGE = { schema: { security: [] as [] } };

/** The console's own origin as the browser reached it (behind TRUST_PROXY, as the proxy says). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * The staff's way in and out through the identity provider, as full pages the browser leaves the
 * app for: START_PATH sends them to the provider (state, nonce and PKCE verifier kept sealed in a
 * short-lived cookie of this host), RETURN_PATH takes the provider's answer, refuses a sign-in
 * without a second factor or without a console group, and opens the console's session;
 * SIGN_OUT_PATH ends the console's session and then the provider's (RP-initiated logout).
 */
export function providerRoutes(app: FastifyInstance, provider: ProviderClient | null, wiring: Wiring): void {
  const secure = app.config.secureCookies;
  const pendingCookie = secure ? '__Host-Http-ops_entrada' : 'ops_entrada';
  // Lax: the provider's return is a navigation from another site, which a Strict cookie would miss.
  const pendingOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure };
  const refuse = (reply: FastifyReply, why: SignInRefusal) => reply.redirect(`${SIGN_IN_PAGE}?erro=${why}`, 303);

  if (provider) {
    app.get(START_PATH, PAGE, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const { url, pending } = await provider.start(`${originOf(request)}${RETURN_PATH}`);
        reply.setCookie(pendingCookie, app.config.sealKeys.seal(JSON.stringify({ ...pending, at: Date.now() }), SEAL_CONTEXT), { ...pendingOptions, maxAge: PENDING_MS / 1000 });
        return reply.redirect(url, 303);
      } catch (err) {
        request.log.warn({ err }, 'identity provider unavailable for a staff sign-in');
        return refuse(reply, 'falhou');
      }
    });

    app.get(RETURN_PATH, PAGE, async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const sealed = cookiesOf(request)[pendingCookie];
      reply.clearCookie(pendingCookie, pendingOptions);
      const pending = readPending(sealed);
      if (!pending) {
        logAuth(request, 'console', 'refused', 'no-pending-sign-in');
        return refuse(reply, 'falhou');
      }
      let result;
      try {
        result = await provider.finish(new URL(request.url, originOf(request)), pending);
      } catch (err) {
        request.log.warn({ err }, 'staff sign-in refused by its checks or by the provider');
        logAuth(request, 'console', 'failure', 'provider-answer');
        return refuse(reply, 'falhou');
      }
      if (!result.secondFactor) {
        logAuth(request, 'console', 'refused', 'no-second-factor', { staff: result.login });
        return refuse(reply, 'segundo-fator');
      }
      if (!result.role) {
        logAuth(request, 'console', 'refused', 'no-console-group', { staff: result.login });
        return refuse(reply, 'sem-perfil');
      }
      await wiring.signedIn(reply, { login: result.login, role: result.role }, result.tokens);
      logAuth(request, 'console', 'success', undefined, { staff: result.login });
      // A page of this host moves on to the console: the console's cookie (SameSite=Strict) goes with
      // a navigation this host starts, not with the rest of the provider's redirect chain.
      return reply.type('text/html; charset=utf-8').send(onwards('/ops'));
    });
  }

  app.get(SIGN_OUT_PATH, PAGE, async (request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    // The console's cookie is SameSite=Strict: another site cannot sign a staff member out through here.
    const staff = await wiring.member(request, reply).catch(() => null);
    if (!staff) return reply.redirect(SIGN_IN_PAGE, 303);
    await wiring.sessions.destroy(staff.id);
    securityEvent(request, 'staff.signed-out', { staff: staff.login });
    wiring.clearCookie(reply);
    const back = `${originOf(request)}${SIGN_IN_PAGE}`;
    const end = provider && staff.provider ? await provider.endSessionUrl(staff.provider, back).catch(() => null) : null;
    return reply.redirect(end ?? SIGN_IN_PAGE, 303);
  });

  function readPending(sealed: string | undefined): PendingSignIn | null {
    const plain = sealed ? app.config.sealKeys.open(sealed, SEAL_CONTEXT) : null;
    if (!plain) return null;
    const parsed = Pending.safeParse(JSON.parse(plain));
    if (!parsed.success || Date.now() - parsed.data.at > PENDING_MS) return null;
    return parsed.data;
  }
}

/** A page that moves on to `to` (same host) at once, with a link for a browser that does not. */
function onwards(to: string): string {
  return `<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${to}"><title>Console de operações</title></head><body><p><a href="${to}">Abrir o console de operações</a></p></body></html>`;
}
