import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type LogLevel } from 'fastify';
import type { Config } from './config.js';
import { installErrorHandler } from './error-handler.js';
import pino from 'pino';
import { loggerOptions } from './logger.js';
import { lazyRootLogger } from './observability/request-logger.js';
import { BatchedDestination } from './observability/log-destination.js';
import cookie from './plugins/external/cookie.js';
import helmet from './plugins/external/helmet.js';
import renderer from './plugins/external/renderer.js';
import openapi from './plugins/external/openapi.js';
import config from './plugins/core/config.js';
import allowedHosts from './plugins/core/allowed-hosts.js';
import observability from './plugins/core/observability.js';
import definitions from './plugins/core/definitions.js';
import storage from './plugins/core/storage.js';
import flows from './plugins/core/flows.js';
import upstream from './plugins/core/upstream.js';
import drain from './plugins/core/drain.js';
import stalledReaders from './plugins/core/stalled-readers.js';
import analytics from './plugins/core/analytics.js';
import partner from './plugins/core/partner.js';
import session from './plugins/core/session.js';
import quotaSelection from './plugins/core/quota-selection.js';
import screens from './plugins/core/screens.js';
import once from './plugins/core/once.js';
import ownership from './plugins/core/ownership.js';
import actions from './plugins/core/actions.js';
import consoleAccess from './plugins/core/console-access.js';
import consoleHost from './plugins/core/console-host.js';
import rateLimits from './plugins/core/rate-limits.js';
import csrf from './plugins/core/csrf.js';
import health from './capabilities/health/index.js';
import auth from './capabilities/auth/index.js';
import quotas from './capabilities/quotas/index.js';
import home from './capabilities/home/index.js';
import appVersions from './capabilities/versions/index.js';
import bids from './capabilities/bids/index.js';
import profile from './capabilities/profile/index.js';
import evaluation from './capabilities/evaluation/index.js';
import slips from './capabilities/slips/index.js';
import documents from './capabilities/documents/index.js';
import finance from './capabilities/finance/index.js';
import cashBilling from './capabilities/cash-billing/index.js';
import awardedFlow from './capabilities/awarded/index.js';
import refund from './capabilities/refund/index.js';
import assemblies from './capabilities/assemblies/index.js';
import ops from './capabilities/ops/index.js';
import help from './capabilities/help/index.js';
import notifications from './capabilities/notifications/index.js';
import service from './capabilities/service/index.js';
import contract from './capabilities/contract/index.js';
import assistant from './capabilities/assistant/index.js';
import quotaTransfer from './capabilities/quota-transfer/index.js';
import reactivation from './capabilities/reactivation/index.js';
import insuranceOffer from './capabilities/insurance/index.js';
import postSale from './capabilities/post-sale/index.js';

/**
 * A hop count trusts the nearest `hops` addresses (the socket's peer is always a proxy: the server
 * is reachable only through the balancer); Fastify refuses bare hop counts, so it is a function.
 * An address list is handed to proxy-addr as is.
 */
export function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
import vehicleBilling from './capabilities/vehicle-billing/index.js';

/**
 * Standard output as pino writes it by default (synchronously, from the event loop), given the
 * lines in batches (observability/log-destination.ts): one write(2) a batch, with no hand-over to
 * the thread pool (which cost more than the write it carried).
 */
export function stdoutDestination(): BatchedDestination {
  return new BatchedDestination(pino.destination({ dest: 1, sync: true }));
}

/** Builds the service. Load order is the architecture: external plugins → core plugins → capabilities. */
export async function buildApp(
  cfg: Config,
  options: {
    logger?: false;
    loggerInstance?: FastifyBaseLogger;
    /** The clock the windows of moves consumed once are read by (plugins/core/once.ts): Date.now unless a test moves it. */
    onceClock?: () => number;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // A request's logger is made on its first line (most requests write none but the access line);
    // no logger at all when a test asks for none.
    ...(options.logger === false ? { logger: false } : { loggerInstance: lazyRootLogger(options.loggerInstance ?? pino(loggerOptions(cfg.LOG_LEVEL), stdoutDestination())) }),
    // One line per request, written by the observability plugin (id, screen or action, upstream time).
    logController: new LogController({ disableRequestLogging: true }),
    // Behind a load balancer (TRUST_PROXY) the client's address, protocol and host come from the
    // forwarded headers the trusted proxies set; otherwise from the socket.
    trustProxy: trustProxyOption(cfg.trustProxy),
    bodyLimit: 256 * 1024,
    // A client slow to send its request is cut at 30 s (Node checks every open connection now and
    // then); one that stops reading its answer, by the stalled-readers plugin, the same way. No
    // socket idle timeout: it re-arms a timer on every read and every write.
    requestTimeout: 30_000,
    return503OnClosing: true,
    // The embedded database makes its cluster template once per machine (storage/database.ts).
    pluginTimeout: 120_000,
  });
  installErrorHandler(app);
  // LOG_LEVELS=auth=debug,slips=warn: a capability's own level (its folder name), others at LOG_LEVEL.
  const levels = Object.fromEntries((cfg.LOG_LEVELS ?? '').split(',').filter(Boolean).map((pair) => pair.split('=') as [string, string]));
  const at = (capability: string): { logLevel?: LogLevel } => (levels[capability] ? { logLevel: levels[capability] as LogLevel } : {});

  await app.register(config, { config: cfg });
  await app.register(stalledReaders);
  await app.register(observability);
  // Security headers (HSTS among them) before any check that may answer early: every answer carries them.
  await app.register(helmet);
  await app.register(allowedHosts);
  // Which host answers which route (the console's own, OPS_HOST): before any route is added and before any route's other checks.
  await app.register(consoleHost);
  // Before any route, so that every route is described.
  await app.register(openapi);
  await app.register(definitions);
  await app.register(cookie);
  // The request limits of the screen API and the actions (per session, per address): before any other check of a route.
  await app.register(rateLimits);
  // The console's role guard: the first check of a console route (after the cookies are read).
  await app.register(consoleAccess);
  // The cross-site check of every state-changing route (all under /api/), after the console's guard.
  await app.register(csrf);
  await app.register(storage);
  await app.register(flows);
  await app.register(upstream);
  // After storage and flows, before the drain: its close hook writes the last counts once the drain is done.
  await app.register(analytics);
  // After storage and upstream: its close hook (drain running work) runs before theirs.
  await app.register(drain);
  await app.register(partner);
  await app.register(session);
  await app.register(quotaSelection);
  await app.register(appVersions, at('versions'));
  await app.register(screens);
  await app.register(once, options.onceClock ? { now: options.onceClock } : {});
  await app.register(ownership);
  await app.register(actions);
  await app.register(renderer);

  await app.register(health, at('health'));
  await app.register(auth, at('auth'));
  await app.register(quotas, at('quotas'));
  await app.register(home, at('home'));
  await app.register(bids, at('bids'));
  await app.register(profile, at('profile'));
  await app.register(evaluation, at('evaluation'));
  await app.register(slips, at('slips'));
  await app.register(documents, at('documents'));
  await app.register(finance, at('finance'));
  await app.register(cashBilling, at('cash-billing'));
  await app.register(refund, at('refund'));
  await app.register(assemblies, at('assemblies'));
  await app.register(ops, at('ops'));
  await app.register(help, at('help'));
  await app.register(notifications, at('notifications'));
  await app.register(service, at('service'));
  await app.register(contract, at('contract'));
  await app.register(assistant, at('assistant'));
  // quota transfer, reactivation, insurance offer, post-sale onboarding.
  await app.register(quotaTransfer, at('quota-transfer'));
  await app.register(reactivation, at('reactivation'));
  await app.register(awardedFlow, at('awarded'));
  await app.register(insuranceOffer, at('insurance'));
  await app.register(postSale, at('post-sale'));
  // Vehicle billing: general billing, new and used vehicles, manual billing.
  await app.register(vehicleBilling, at('vehicle-billing'));
  return app;
}
