import fp from 'fastify-plugin';
import { RefreshCoordinator } from '../../upstream/customer-upstream.js';
import { UpstreamClient } from '../../upstream/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    upstream: UpstreamClient;
    refresher: RefreshCoordinator;
  }
}

/** App version the upstream sees (spec doc 1 §9). */
export const APP_VERSION = '1.70.00';

/** Decorates `upstream`: the single client to the allowlisted back office. */
export default fp(
  async (app) => {
    const c = app.config;
    const client = new UpstreamClient({
      url: c.UPSTREAM_URL,
      basePath: c.UPSTREAM_BASE_PATH,
      clientId: c.UPSTREAM_CLIENT_ID,
      clientSecret: c.UPSTREAM_CLIENT_SECRET,
      connections: c.UPSTREAM_CONNECTIONS,
      appVersion: APP_VERSION,
      onCall: app.metrics ? ({ group, method, status, ms }) => app.metrics!.upstream.observe({ group, method, status: String(status) }, ms / 1000) : undefined,
    }, app.log);
    app.decorate('upstream', client);
    app.decorate('refresher', new RefreshCoordinator());
    app.addHook('onClose', async () => client.close());
  },
  { name: 'upstream', dependencies: ['config', 'observability'] },
);
