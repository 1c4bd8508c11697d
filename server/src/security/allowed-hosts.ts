import fp from 'fastify-plugin';
import { securityEvent } from './security-events.js';
import { boundedMemo } from '../lib/bounded-memo.js';

/** A Host value's name, without its port, as Fastify's `request.hostname` gives it (`[::1]:3000` → `[::1]`). */
export function hostnameOf(host: string): string {
  const end = host.startsWith('[') ? host.indexOf(']') + 1 : host.indexOf(':');
  return end > 0 ? host.slice(0, end) : host;
}

/**
 * Answers only the host names of ALLOWED_HOSTS (the partners' domains; required in production):
 * a request for another host gets 421 before any work. Health checks answer on any host (the
 * container's own probe calls 127.0.0.1).
 */
export default fp(
  async (app) => {
    const allowed = app.config.allowedHosts;
    if (!allowed) return;
    // The answer per Host as sent (a port or letter case apart, few distinct values): Fastify's
    // hostname reads the header twice and splits it on every request.
    const answered = boundedMemo<string, boolean>(256);
    const isAllowed = (host: string) => answered(host, () => allowed.has(hostnameOf(host).toLowerCase()));
    // A callback hook: on every request, a promise less than an async one.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.url.startsWith('/health/') || isAllowed(request.host)) return done();
      securityEvent(request, 'access.refused', { reason: 'host', target: hostnameOf(request.host).slice(0, 253) });
      void reply.code(421).send({ message: 'Este endereço não é atendido por este servidor.' });
    });
  },
  { name: 'allowed-hosts', dependencies: ['config'] },
);
