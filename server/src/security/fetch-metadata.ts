import fp from 'fastify-plugin';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../errors.js';
import { guardRoute } from '../lib/route-hooks.js';
import { securityEvent } from './security-events.js';

const READ_METHODS = new Set(['GET', 'HEAD']);

/** Destinations a page of another site embeds rather than opens, even with a navigation. */
const EMBEDDED = new Set(['object', 'embed']);

/**
 * Fetch Metadata resource isolation for the API's reads: a browser marks a request made by a page
 * of another site `Sec-Fetch-Site: cross-site`, and the app's own pages never make one. Such a
 * read is refused unless it is the person opening the address (a top-level GET navigation, a
 * link in an e-mail). Requests without the header (native wrappers, probes, older browsers) pass:
 * the session cookie's SameSite and the answers' Cross-Origin-Resource-Policy still hold for them.
 * The API's writes are csrf.ts's.
 */
export function crossSiteRead(request: Pick<FastifyRequest, 'method' | 'headers'>): boolean {
  if (!READ_METHODS.has(request.method) || request.headers['sec-fetch-site'] !== 'cross-site') return false;
  const navigation = request.method === 'GET' && request.headers['sec-fetch-mode'] === 'navigate' && !EMBEDDED.has(String(request.headers['sec-fetch-dest']));
  return !navigation;
}

const refuseCrossSiteRead: onRequestHookHandler = (request, _reply, done) => {
  if (!crossSiteRead(request)) return done();
  securityEvent(request, 'access.refused', { reason: 'cross-site-read', target: request.routeOptions.url ?? request.url });
  done(new AppError('request.cross-site'));
};

/**
 * Every read route of the API gets the check as a hook of its own when it is added (route-hooks.ts),
 * so that the page, its assets and the health checks never pay for it.
 */
export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      if ([route.method].flat().some((method) => READ_METHODS.has(method))) guardRoute(route, 'onRequest', refuseCrossSiteRead);
    });
  },
  { name: 'fetch-metadata', dependencies: ['config'] },
);
