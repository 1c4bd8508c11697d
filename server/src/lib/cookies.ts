import type { FastifyRequest } from 'fastify';

/**
 * The request's cookies, parsed on the first read (by @fastify/cookie's parser, with the plugin's
 * options) and kept on `request.cookies`. Only the routes that read a cookie (the API's session,
 * the console's, the login's hints) parse the header: the page's assets, the health checks and
 * every other request skip the parse and the two containers @fastify/cookie's request hook made
 * for each of them (a Map among them). Read cookies through this, never `request.cookies`
 * directly: it stays `null` until the first read here (or a cookie set on the reply).
 */
export function cookiesOf(request: FastifyRequest): Record<string, string | undefined> {
  const cookies = request.cookies as FastifyRequest['cookies'] | null;
  if (cookies) return cookies;
  const header = request.headers.cookie;
  return (request.cookies = header ? request.server.parseCookie(header) : {});
}
