import fp from 'fastify-plugin';

/**
 * Answers only the host names of ALLOWED_HOSTS (the partners' domains; required in production):
 * a request for another host gets 421 before any work. Health checks answer on any host (the
 * container's own probe calls 127.0.0.1).
 */
export default fp(
  async (app) => {
    const allowed = app.config.allowedHosts;
    if (!allowed) return;
    // A callback hook: on every request, a promise less than an async one.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.url.startsWith('/health/') || allowed.has(request.hostname.toLowerCase())) return done();
      void reply.code(421).send({ message: 'Este endereço não é atendido por este servidor.' });
    });
  },
  { name: 'allowed-hosts', dependencies: ['config'] },
);
