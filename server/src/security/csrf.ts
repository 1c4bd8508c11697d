import fp from 'fastify-plugin';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../../screens/contract/index.js';
import { AppError } from '../errors.js';
import { guardRoute } from '../lib/route-hooks.js';

const JSON_CONTENT_TYPE = /^application\/json(; ?charset=utf-8)?$/i;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request defence in depth for every state-changing request: the fixed custom header
 * (a cross-site form cannot set it), exactly application/json, and Sec-Fetch-Site same-origin or
 * none (Origin must match Host where the browser sends no Sec-Fetch-Site).
 */
export function csrfRefusal(request: FastifyRequest): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) return 'custom header missing';
  const type = request.headers['content-type'];
  if (type === undefined || !JSON_CONTENT_TYPE.test(type)) return 'content type';
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none' ? null : `sec-fetch-site ${site}`;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    try {
      if (new URL(origin).host !== request.host) return 'origin';
    } catch {
      return 'origin';
    }
  }
  return null;
}

const refuseCrossSite: onRequestHookHandler = (request, _reply, done) => {
  const refusal = csrfRefusal(request);
  if (!refusal) return done();
  request.log.warn({ refusal }, 'state-changing request refused');
  done(new AppError('request.csrf', { detail: refusal }));
};

/**
 * Every route that changes state is an API route and checks, before its body is read, that the
 * request is not a cross-site one (`csrfRefusal`). A route that changes state outside /api/ is
 * refused when it is added: it would be reached without the check.
 */
export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if ([route.method].flat().every((method) => SAFE_METHODS.has(method))) return;
      if (!route.url.startsWith('/api/')) throw new Error(`state-changing route outside /api/: ${[route.method].flat().join(',')} ${route.url}`);
      guardRoute(route, 'onRequest', refuseCrossSite);
    });
  },
  { name: 'csrf', dependencies: ['config'] },
);
