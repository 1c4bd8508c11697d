import fp from 'fastify-plugin';
import { Analytics } from '../../analytics/analytics.js';
import { funnelProblems, readFunnels } from '../../analytics/funnels.js';
import { DefinitionRevisions } from '../../analytics/revisions.js';
import { AnalyticsStore } from '../../analytics/store.js';
import { DefinitionError, SCREENS_DIR } from '../../composition/definitions.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the flows do, counted in memory and written in batches (screens/analytics/funnels.json names the flows). */
    analytics: Analytics;
    /** Each definition's published versions, for the console's figures by version. */
    definitionRevisions: DefinitionRevisions;
  }
}

/**
 * Decorates `analytics`: checks the funnels against the shipped definitions (a broken one stops
 * the server), writes the counts every ANALYTICS_FLUSH_MS and when the server closes (after the
 * drain, before the database closes), removes counts older than 13 months once a day.
 */
export default fp(
  async (app) => {
    const funnels = readFunnels(SCREENS_DIR);
    const problems = funnelProblems(funnels, app.definitions.routes, app.definitions.flows);
    if (problems.length) throw new DefinitionError(`screens/analytics/funnels.json:\n  - ${problems.join('\n  - ')}`);
    const analytics = new Analytics({
      funnels,
      store: new AnalyticsStore(app.db),
      routes: app.definitions.routes,
      version: () => app.flows.version,
      visitorTtlMs: app.config.SESSION_IDLE_MINUTES * 60_000,
    });
    app.decorate('analytics', analytics);
    app.decorate('definitionRevisions', new DefinitionRevisions(app.db));
    app.decorateRequest('analyticsPlace', null);

    const flush = () => analytics.flush().catch((err: unknown) => app.log.warn({ err }, 'analytics counts not written; kept for the next flush'));
    const purge = () => analytics.purgeExpired().catch((err: unknown) => app.log.warn({ err }, 'analytics purge failed'));
    const timers = [
      ...(app.config.ANALYTICS_FLUSH_MS > 0 ? [setInterval(() => void flush(), app.config.ANALYTICS_FLUSH_MS)] : []),
      setInterval(() => analytics.sweep(), 60_000),
      setInterval(() => void purge(), 24 * 3_600_000),
    ];
    for (const timer of timers) timer.unref();
    const firstPurge = purge();
    app.addHook('onClose', async () => {
      for (const timer of timers) clearInterval(timer);
      await firstPurge;
      await flush();
    });
  },
  { name: 'analytics', dependencies: ['config', 'definitions', 'storage', 'flows'] },
);
