import type { CallSignal } from '../../upstream/deadline.js';
import { securityEvent } from '../../security/security-events.js';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { guardRoute } from '../../lib/route-hooks.js';
import type { Session, SessionData } from '../../storage/session-store.js';
import { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { cookiesOf } from '../../lib/cookies.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The customer's server-side session, or null when not logged in. */
    session: Session | null;
    /** Upstream calls with the session's tokens (only when logged in). */
    customerUpstream(): CustomerUpstream;
    /** The screen's deadline, when one runs: every upstream call of the request is cut by it. */
    deadline: CallSignal | null;
  }
  interface FastifyInstance {
    /** Finds the request's session by its cookie (and touches it); sets `request.session`. */
    loadSession(request: FastifyRequest): Promise<void>;
  }
  interface FastifyReply {
    /** Starts a session with a brand-new id (any earlier one of this browser is destroyed). */
    startSession(data: SessionData): Promise<Session>;
    endSession(): Promise<void>;
  }
}

/**
 * The session: an opaque random id in a cookie (HttpOnly, SameSite=Strict, Path=/, no Domain;
 * Secure with the __Host-Http- prefix outside local development); everything else server-side.
 * A session belongs to the partner whose host it was made on: presented on another partner's
 * host it is no session at all.
 */
export default fp(
  async (app) => {
    const name = app.config.sessionCookieName;
    const cookieOptions = { httpOnly: true, sameSite: 'strict' as const, path: '/', secure: app.config.secureCookies };

    app.decorateRequest('session', null);
    app.decorateRequest('customerUpstream', function (this: FastifyRequest) {
      if (!this.session) throw new Error('customerUpstream() needs a session');
      const request = this;
      const revoked = () => securityEvent(request, 'session.revoked', { reason: 'refresh-refused' });
      return new CustomerUpstream(app.upstream, app.sessions, this.session, app.refresher, Date.now, this.deadline ?? undefined, revoked);
    });
    app.decorateRequest('deadline', null);

    app.decorateReply('startSession', async function (this: FastifyReply, data: SessionData) {
      const previous = this.request.session;
      if (previous) await app.sessions.destroy(previous.id);
      const session = await app.sessions.create(data);
      this.request.session = session;
      this.setCookie(name, session.id, cookieOptions);
      return session;
    });

    app.decorateReply('endSession', async function (this: FastifyReply) {
      const current = this.request.session;
      if (current) await app.sessions.destroy(current.id);
      this.request.session = null;
      this.clearCookie(name, cookieOptions);
      // Screen documents may sit in this browser's private cache (revalidated by ETag): drop them.
      this.header('clear-site-data', '"cache"');
    });

    async function loadSession(request: FastifyRequest): Promise<void> {
      const id = cookiesOf(request)[name];
      if (!id) return;
      const session = await app.sessions.get(id);
      if (!session) return;
      // Another partner's host sees a visitor without a session: nothing of the owner is read,
      // and the session is neither touched nor ended (it still answers on its own partner).
      const partner = await app.partners.forRequest(request);
      if (partner.partner.id !== session.data.partnerId) {
        securityEvent(request, 'access.refused', { reason: 'partner', target: `partner-${partner.partner.id}`, customer: { partnerId: session.data.partnerId, account: session.data.customer.inscricaoNacional } });
        return;
      }
      await app.sessions.touch(session);
      request.session = session;
    }
    app.decorate('loadSession', loadSession);

    // Only the API needs a session: each API route is given the hook that reads it. The page asks
    // for it itself when it carries the first screen.
    const withSession: preHandlerHookHandler = (request, _reply, done) => {
      loadSession(request).then(() => done(), done);
    };
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/')) guardRoute(route, 'preHandler', withSession);
    });
  },
  { name: 'session', dependencies: ['config', 'storage', 'upstream', 'partner'] },
);
