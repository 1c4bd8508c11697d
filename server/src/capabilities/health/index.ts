import type { FastifyInstance } from 'fastify';

/** Liveness (no dependencies) and readiness (storage answers, definitions loaded). */
export default async function health(app: FastifyInstance) {
  app.get('/health/live', async () => ({ status: 'ok' }));
  app.get('/health/ready', async (_request, reply) => {
    try {
      await app.db.query('SELECT 1');
      return { status: 'ok', storage: app.db.kind, definitions: `v${app.flows.version}` };
    } catch (err) {
      app.log.error({ err }, 'readiness: storage unavailable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
