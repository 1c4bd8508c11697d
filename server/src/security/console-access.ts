import fp from 'fastify-plugin';
import { securityEvent } from './security-events.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { guardRoute } from '../lib/route-hooks.js';

/** Who is signed in to the operations console, as far as the guard needs to know. */
export interface ConsoleMember {
  role: string;
  /** The staff member's login, named in the security events of their refusals. */
  login: string;
}

/** How the console finds its signed-in staff member; installed once by the console's capability. */
export interface ConsoleSignIn<M extends ConsoleMember = ConsoleMember> {
  /** The staff member of the request's console session (the session and its cookie renewed), or null. */
  resolve(request: FastifyRequest, reply: FastifyReply): Promise<M | null>;
  /** Where a person without a console session signs in: the 401's navigation. */
  loginPath: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A console route: the staff roles that may call it. Anyone else is refused before any other
     * work on the request (body, validation, lookups): no console session 401, another role 403.
     */
    consoleRoles?: readonly string[];
    /** The 403's message for a staff member whose role is not among `consoleRoles`. */
    consoleRefusal?: string;
  }
  interface FastifyInstance {
    consoleAccess: {
      /** Installs how console sessions are found (the console's capability does, once). */
      use<M extends ConsoleMember>(signIn: ConsoleSignIn<M>): void;
    };
  }
  interface FastifyRequest {
    /** On a console route, the staff member the guard let through; null elsewhere. */
    consoleMember: ConsoleMember | null;
  }
}

/**
 * The console's role guard, one mechanism for every console route: a route declares the roles it
 * admits (`config.consoleRoles`; actions through `consoleRoles` on their definition) and this
 * onRequest hook — before the body is parsed — answers 401 without a console session (a customer
 * session is none) and 403 to a role not admitted. The 401 carries only the navigation to the
 * staff login (the renderer follows it), the 403 only the route's refusal message.
 */
export default fp(
  async (app) => {
    let signIn: ConsoleSignIn | null = null;
    app.decorate('consoleAccess', {
      use<M extends ConsoleMember>(installed: ConsoleSignIn<M>) {
        if (signIn) throw new Error('console sign-in installed twice');
        signIn = installed;
      },
    });
    app.decorateRequest('consoleMember', null);

    async function refusal(request: FastifyRequest, reply: FastifyReply, roles: readonly string[]): Promise<boolean> {
      // No sign-in installed: nobody is a staff member.
      const member = signIn ? await signIn.resolve(request, reply) : null;
      reply.header('cache-control', 'no-store');
      if (!member) {
        void reply.code(401).send({ kind: 'navigate', to: signIn?.loginPath ?? '/', replace: true });
        return true;
      }
      if (!roles.includes(member.role)) {
        securityEvent(request, 'access.refused', { reason: 'role', staff: member.login, target: request.routeOptions.url ?? request.url });
        void reply.code(403).send({ kind: 'error', title: app.text('erro.titulo'), message: request.routeOptions.config.consoleRefusal ?? app.text('erro.requisicao-recusada') });
        return true;
      }
      request.consoleMember = member;
      return false;
    }

    // Every console route is under /api/ (checked as routes are added) and is given the guard as a
    // hook of its own: other routes do not run it.
    app.addHook('onRoute', (route) => {
      const roles = route.config?.consoleRoles;
      if (!roles) return;
      if (!route.url.startsWith('/api/')) throw new Error(`console route outside /api/: ${route.url}`);
      guardRoute(route, 'onRequest', (request, reply, done) => {
        refusal(request, reply, roles).then((refused) => {
          if (!refused) done();
        }, done);
      });
    });
  },
  { name: 'console-access', dependencies: ['config', 'definitions', 'cookie'] },
);
