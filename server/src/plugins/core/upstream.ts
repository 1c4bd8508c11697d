import fp from 'fastify-plugin';
import { RefreshCoordinator } from '../../upstream/customer-upstream.js';
import { UpstreamClient } from '../../upstream/client.js';
import { KeptAnswers } from '../../upstream/kept-answers.js';
import { MemoryKeptAnswers, RedisKeptAnswers, type KeptAnswersStore } from '../../storage/kept-answers-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    upstream: UpstreamClient;
    refresher: RefreshCoordinator;
  }
}

/** App version the upstream sees (spec doc 1 §9). */
export const APP_VERSION = '1.70.00';

/**
 * Decorates `upstream`: the single client to the allowlisted back office, with the answers the
 * contract lets it keep (in this process, or in Redis with REDIS_URL: docs/back-office-cache.md).
 */
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
    const clock = { now: () => Date.now() };
    const store: KeptAnswersStore = c.REDIS_URL
      ? new RedisKeptAnswers(c.REDIS_URL, (err) => app.log.warn({ err }, 'Redis unreachable for kept answers; ioredis reconnects'))
      : new MemoryKeptAnswers(() => clock.now());
    client.kept = new KeptAnswers({
      store,
      seal: c.sealKeys,
      clock,
      // The partner's configuration lives as long as the operator says (0: asked on every request).
      lives: { 'partners.configuration': c.PARTNER_CACHE_SECONDS },
      onFailure: (what, endpoint, err) => app.log.warn({ err, endpoint }, what === 'refresh' ? 'kept answer not refreshed; served until its life ends' : 'kept answers store failed; the back office is asked'),
    });
    app.decorate('upstream', client);
    app.decorate('refresher', new RefreshCoordinator());
    app.addHook('onClose', async () => {
      await client.kept?.settled();
      await client.close();
      await store.close();
    });
  },
  { name: 'upstream', dependencies: ['config', 'observability'] },
);
