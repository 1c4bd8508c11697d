import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { securityEvent } from './security-events.js';
import { boundedMemo } from '../lib/bounded-memo.js';
import { hostnameOf } from './allowed-hosts.js';
import { guardRoute } from '../lib/route-hooks.js';

declare module 'fastify' {
  interface FastifyInstance {
    consoleHost: {
      /** The console's host name (OPS_HOST, lower case, without port). */
      name: string;
      /** Whether the request was made to the console's host (else it is a partner's). */
      is(request: FastifyRequest): boolean;
    };
  }
}

/** Which hosts a route answers on. */
export type RouteSide = 'console' | 'customer' | 'both' | 'by-action';

/** The generic action route: its action's area says whose it is (`ops/login` is the console's). */
const GENERIC_ACTION_ROUTE = '/api/actions/:area/:name';

/**
 * Whose a route is, by its pattern: the console's (its role-guarded routes, everything under
 * /api/ops/ and /api/actions/ops/), the customers' (every other API route and the transparent
 * login's page), or both (the health checks, the screen API — which answers by host itself —, the
 * published contracts, the page's files).
 */
export function routeSide(route: Pick<RouteOptions, 'url' | 'config'>): RouteSide {
  const url = route.url;
  if ((route.config as { consoleRoles?: unknown } | undefined)?.consoleRoles || url.startsWith('/api/ops/') || url.startsWith('/api/actions/ops/')) return 'console';
  if (url === GENERIC_ACTION_ROUTE) return 'by-action';
  if (url === '/api/screens' || url.startsWith('/api/contract/')) return 'both';
  if (url.startsWith('/api/') || url.startsWith('/login-transparente/')) return 'customer';
  return 'both';
}

/**
 * The operations console on a host of its own (OPS_HOST): its pages (/ops, through the screen
 * API's mounted screens, composition/screens.ts) and its routes answer there only, and answer 404
 * on every partner's host as an address that names nothing; the customers' routes answer 404 on
 * the console's host, and its pages lead to the console. The console's cookie is a host-only
 * `__Host-` cookie, so it never reaches a partner's host either.
 *
 * A route's side is given to it as a hook of its own when it is added (route-hooks.ts), before the
 * console's role guard: a request on the wrong host is refused before any session is read.
 */
export default fp(
  async (app) => {
    const name = app.config.consoleHost;
    const answered = boundedMemo<string, boolean>(256);
    const is = (request: FastifyRequest) => answered(request.host, () => hostnameOf(request.host).toLowerCase() === name);
    app.decorate('consoleHost', { name, is });

    const refuse = (request: FastifyRequest, reply: FastifyReply) => {
      // `console-route`: a console route asked on a partner's host; `console-host`: a customer route asked on the console's.
      securityEvent(request, 'access.refused', { reason: is(request) ? 'console-host' : 'console-route', target: request.routeOptions.url ?? request.url });
      // The answer of an address that names nothing (plugins/external/renderer.ts): the API's body, or the not-found page.
      reply.callNotFound();
    };
    const consoleOnly: onRequestHookHandler = (request, reply, done) => {
      if (is(request)) return done();
      refuse(request, reply);
    };
    const customerOnly: onRequestHookHandler = (request, reply, done) => {
      if (!is(request)) return done();
      refuse(request, reply);
    };
    const byAction: onRequestHookHandler = (request, reply, done) => {
      if (((request.params as { area?: string }).area === 'ops') === is(request)) return done();
      refuse(request, reply);
    };
    const hooks = { console: consoleOnly, customer: customerOnly, 'by-action': byAction } as const;

    app.addHook('onRoute', (route) => {
      const side = routeSide(route);
      if (side !== 'both') guardRoute(route, 'onRequest', hooks[side]);
    });
  },
  { name: 'console-host', dependencies: ['config'] },
);
