import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Config } from '../config.js';
import { securityEvent } from './security-events.js';
import { counterKey, LocalWindows, type Counters, type WindowCount, type WindowHit } from '../storage/counters.js';
import { cookiesOf } from '../lib/cookies.js';
import { guardRoute } from '../lib/route-hooks.js';

/** The doors the limits stand at: the screen API and every action. */
export type Door = 'screens' | 'actions';

/** The door of a route, by its pattern; null for every other route (the page, its files, the health checks, the exports). */
export function doorOf(url: string): Door | null {
  if (url === '/api/screens') return 'screens';
  if (url.startsWith('/api/actions/')) return 'actions';
  return null;
}

/** The request limits as configured (RATE_LIMIT_*): per session and door, per client address for both doors. */
export function requestLimits(config: Pick<Config, 'RATE_LIMIT_WINDOW_SECONDS' | 'RATE_LIMIT_SCREENS_PER_SESSION' | 'RATE_LIMIT_ACTIONS_PER_SESSION' | 'RATE_LIMIT_PER_ADDRESS'>) {
  return {
    windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
    perSession: { screens: config.RATE_LIMIT_SCREENS_PER_SESSION, actions: config.RATE_LIMIT_ACTIONS_PER_SESSION } satisfies Record<Door, number>,
    perAddress: config.RATE_LIMIT_PER_ADDRESS,
  };
}


interface Counted extends WindowHit {
  limit: number;
  /** The security event's reason when this count refuses. */
  reason: 'requests-per-session' | 'requests-per-address';
}

/** How often the database forgets the counts whose window has ended. */
const SWEEP_MS = 10 * 60_000;

/**
 * Limits at every door: each session may ask for so many screens and run so many actions in a
 * window, and each client address (the trusted one, TRUST_PROXY) so many of both together, on the
 * counters every instance shares (Redis with REDIS_URL, else PostgreSQL: one round trip per
 * request for both counts; the embedded database's single process counts in its memory). Past a limit the request is answered 429 before any other work, with
 * `Retry-After` and the Portuguese message the renderer shows (an action's error result and a
 * screen's failure alike); the first refusal of a window writes one `limit.reached` event per key,
 * the next ones none. A session is its cookie (the customer's, or the console's on its host),
 * counted before the session is read. Counters that cannot be reached let the request through
 * (logged): the login and code limits, which guard secrets, refuse instead.
 */
export default fp(
  async (app) => {
    const limits = requestLimits(app.config);
    // The embedded database (no DATABASE_URL) belongs to this process alone, and so do its requests:
    // their windows are counted in memory, the same counts without a write per request. Otherwise
    // the counters every instance shares.
    const embedded = !app.config.DATABASE_URL && !app.config.REDIS_URL;
    const local = embedded ? new LocalWindows() : null;
    const windows = (): Pick<Counters, 'hits'> => local ?? app.counters;
    const cookieNames = [app.config.sessionCookieName, app.config.staffCookieName];
    let lastFailureLog = 0;

    function counted(request: FastifyRequest, door: Door): Counted[] {
      const ttlSeconds = limits.windowSeconds;
      const hits: Counted[] = [{ key: counterKey('rate', 'address', request.ip), ttlSeconds, limit: limits.perAddress, reason: 'requests-per-address' }];
      const cookies = cookiesOf(request);
      const session = cookies[cookieNames[0]!] ?? cookies[cookieNames[1]!];
      if (session) hits.push({ key: counterKey('rate', door, session), ttlSeconds, limit: limits.perSession[door], reason: 'requests-per-session' });
      return hits;
    }

    function refuse(reply: FastifyReply, seconds: number): void {
      void reply
        .code(429)
        .header('retry-after', String(seconds))
        .header('cache-control', 'no-store')
        .send({ kind: 'error', title: app.text('erro.titulo'), message: app.countText('erro.muitas-solicitacoes', seconds), retry: true });
    }

    /** The longest wait among the counts past their limit (ms), or -1 when none is; the first refusal of each window is logged. */
    function wait(request: FastifyRequest, door: Door, hits: readonly Counted[], counts: readonly WindowCount[]): number {
      let waitMs = -1;
      counts.forEach(({ count, endsInMs }, i) => {
        const hit = hits[i]!;
        if (count <= hit.limit) return;
        waitMs = Math.max(waitMs, endsInMs);
        // One line per key and window: the count passes the limit by one exactly once in a window, whichever instance counts it.
        if (count === hit.limit + 1) securityEvent(request, 'limit.reached', { reason: hit.reason, outcome: 'refused', target: door });
      });
      return waitMs;
    }

    function uncounted(request: FastifyRequest, err: unknown): void {
      if (Date.now() - lastFailureLog < limits.windowSeconds * 1000) return;
      lastFailureLog = Date.now();
      request.log.warn({ err }, 'request limits not counted: requests go through uncounted');
    }

    const limiter =
      (door: Door): onRequestHookHandler =>
      (request, reply, done) => {
        const hits = counted(request, door);
        windows()
          .hits(hits)
          .then(
            (counts) => {
              const waitMs = wait(request, door, hits, counts);
              if (waitMs < 0) return done();
              refuse(reply, Math.max(1, Math.ceil(waitMs / 1000)));
            },
            (err: unknown) => {
              uncounted(request, err);
              done();
            },
          );
      };
    const hooks: Record<Door, onRequestHookHandler> = { screens: limiter('screens'), actions: limiter('actions') };

    app.addHook('onRoute', (route) => {
      const door = doorOf(route.url);
      if (door) guardRoute(route, 'onRequest', hooks[door]);
    });

    const sweep = setInterval(() => void Promise.all([local?.sweep(), app.counters.sweep()]).catch((err: unknown) => app.log.warn({ err }, 'counters sweep failed')), SWEEP_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'rate-limits', dependencies: ['config', 'definitions', 'cookie'] },
);
