import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ComponentNode } from '../../../../../screens/contract/components.js';
import { cookiesOf } from '../../../lib/cookies.js';
import { securityEvent } from '../../../security/security-events.js';
import { IDLE_MS, StaffSessions, type StaffSession } from '../staff-sessions.js';
import { ROLES_FOR } from '../staff.js';
import { passwordSignIn } from './password-sign-in.js';
import { providerRoutes } from './provider-routes.js';
import { ProviderClient } from './provider-client.js';
import { SIGN_IN_PAGE, signInPage } from './sign-in-page.js';

declare module 'fastify' {
  interface FastifyInstance {
    staffSignIn: {
      /** The request's staff member (the session and its cookie renewed, the role read again when due), or null. */
      member(request: FastifyRequest, reply: FastifyReply): Promise<StaffSession | null>;
      /** The console's sessions (drafts are kept on them). */
      sessions: StaffSessions;
      /** What the sign-in page (/ops/entrar) shows. */
      page(url: URL): ComponentNode[];
    };
  }
}

/**
 * How staff sign in to the operations console and stay signed in: at the bank's identity provider
 * (OPS_OIDC_ISSUER; provider-routes.ts), or outside production with OPS_USERS' passwords
 * (password-sign-in.ts). A console session ends after 15 idle minutes and, however active,
 * OPS_SESSION_MAX_HOURS after sign-in; a provider's session has its role read again from the
 * provider every OPS_ROLE_CHECK_SECONDS, so that a staff member removed or demoted there loses
 * the console, or the higher role, within that time. Signing out ends the provider's session too.
 */
export default fp(
  async (app) => {
    const settings = app.config.staffSignIn;
    const sessions = new StaffSessions(app.db, app.config.sealKeys, app.config.OPS_SESSION_MAX_HOURS * 3_600_000);
    const provider = settings.kind === 'provider' ? new ProviderClient(settings) : null;
    const cookie = app.config.staffCookieName;
    const cookieOptions = { httpOnly: true, sameSite: 'strict' as const, path: '/', secure: app.config.secureCookies };
    // The cookie lives as long as the console session's idle limit, renewed with the session.
    const liveCookie = { ...cookieOptions, maxAge: IDLE_MS / 1000 };
    const checkMs = app.config.OPS_ROLE_CHECK_SECONDS * 1000;
    // One reading of the provider per session at a time: concurrent requests share it (a refresh token is used once).
    const checking = new Map<string, Promise<StaffSession | null>>();

    /** The session with its role as the provider tells it now; null when the provider gives no console role. */
    async function recheck(request: FastifyRequest, session: StaffSession): Promise<StaffSession | null> {
      const { role, tokens } = await provider!.currentRole(session.provider!);
      if (!role) {
        await sessions.destroy(session.id);
        securityEvent(request, 'staff.role-changed', { staff: session.login, reason: 'removed', target: session.role });
        return null;
      }
      if (role !== session.role) securityEvent(request, 'staff.role-changed', { staff: session.login, reason: role, target: session.role });
      await sessions.roleChecked(session.id, role, tokens);
      return { ...session, role, provider: tokens, roleCheckedAt: Date.now() };
    }

    async function member(request: FastifyRequest, reply: FastifyReply): Promise<StaffSession | null> {
      const id = cookiesOf(request)[cookie];
      let session = id ? await sessions.get(id) : null;
      if (session?.provider && provider && Date.now() - session.roleCheckedAt >= checkMs) {
        const due = session;
        let shared = checking.get(due.id);
        if (!shared) {
          shared = recheck(request, due).finally(() => checking.delete(due.id));
          checking.set(due.id, shared);
        }
        try {
          session = await shared;
        } catch (err) {
          // The provider did not answer: no console until it does (the session stays, and is checked again next time).
          request.log.warn({ err }, 'identity provider unavailable for the staff role check');
          return null;
        }
        if (!session) reply.clearCookie(cookie, cookieOptions);
      }
      if (session) reply.setCookie(cookie, session.id, liveCookie);
      return session;
    }

    app.decorate('staffSignIn', { member, sessions, page: (url: URL) => signInPage(settings.kind, url) });
    app.consoleAccess.use({ resolve: member, loginPath: SIGN_IN_PAGE });

    const signedIn = (reply: FastifyReply, member: { login: string; role: StaffSession['role'] }, tokens: StaffSession['provider']) =>
      sessions.create(member, tokens).then((id) => void reply.setCookie(cookie, id, liveCookie));

    providerRoutes(app, provider, { signedIn, sessions, member, clearCookie: (reply) => void reply.clearCookie(cookie, cookieOptions) });
    if (settings.kind === 'password') passwordSignIn(app, settings.accounts, signedIn);

    // Leaving from an API client: the console's session ends (the page's "Sair do console" is SIGN_OUT_PATH, which ends the provider's too).
    app.actions.register('ops/logout', {
      consoleRoles: ROLES_FOR.staff,
      input: z.object({}).passthrough(),
      async handler(_input, { request, reply }) {
        const staff = request.consoleMember as StaffSession;
        await sessions.destroy(staff.id);
        securityEvent(request, 'staff.signed-out', { staff: staff.login });
        reply.clearCookie(cookie, cookieOptions);
        return { kind: 'navigate', to: SIGN_IN_PAGE, replace: true };
      },
    });
  },
  { name: 'staff-sign-in', dependencies: ['config', 'console-access', 'cookie'] },
);
