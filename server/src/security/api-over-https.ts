import fp from 'fastify-plugin';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../errors.js';
import { guardRoute } from '../lib/route-hooks.js';
import { securityEvent } from './security-events.js';

/**
 * The API answers over HTTPS only. In production behind the proxies TRUST_PROXY names, TLS ends at
 * them and the forwarded protocol says how the client came: a call of the API that came over plain
 * HTTP is refused, not redirected, so a client sending a session cookie or a password in clear
 * learns it at once instead of being quietly moved (OWASP ASVS 5.0 V4.1.2). Pages are navigations,
 * which the proxies redirect to HTTPS (deploy/); they are not API routes and this rule leaves them.
 */
export function plainHttpApiCall(request: Pick<FastifyRequest, 'protocol'>): boolean {
  return request.protocol !== 'https';
}

const refusePlainHttp: onRequestHookHandler = (request, _reply, done) => {
  if (!plainHttpApiCall(request)) return done();
  securityEvent(request, 'access.refused', { reason: 'plain-http', target: request.routeOptions.url ?? request.url });
  done(new AppError('request.plain-http'));
};

/**
 * Every route of the API (the customers' /api/ and the console's /api/ops) gets the check as a hook
 * of its own when it is added (route-hooks.ts), in production behind a trusted proxy only: without
 * one the server is reached directly (a test, the development server) and has no forwarded protocol
 * to read.
 */
export default fp(
  async (app) => {
    if (app.config.APP_ENV !== 'production' || app.config.trustProxy === false) return;
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/')) guardRoute(route, 'onRequest', refusePlainHttp);
    });
  },
  { name: 'api-over-https', dependencies: ['config'] },
);
