import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync, type FastifyPluginCallback, type LogLevel } from 'fastify';
import type { Config } from './config.js';
import { installErrorHandler } from './error-handler.js';
import pino from 'pino';
import { loggerOptions } from './logger.js';
import { lazyRootLogger } from './observability/request-logger.js';
import { BatchedDestination } from './observability/log-destination.js';
import cookie from './plugins/external/cookie.js';
import helmet from './security/headers.js';
import renderer from './plugins/external/renderer.js';
import openapi from './plugins/external/openapi.js';
import config from './plugins/core/config.js';
import allowedHosts from './security/allowed-hosts.js';
import observability from './plugins/core/observability.js';
import definitions from './plugins/core/definitions.js';
import storage from './plugins/core/storage.js';
import flows from './plugins/core/flows.js';
import upstream from './plugins/core/upstream.js';
import drain from './plugins/core/drain.js';
import stalledReaders from './plugins/core/stalled-readers.js';
import analytics from './plugins/core/analytics.js';
import partner from './composition/partner.js';
import session from './plugins/core/session.js';
import quotaSelection from './plugins/core/quota-selection.js';
import screens from './composition/screens.js';
import once from './security/once.js';
import ownership from './security/ownership.js';
import actions from './composition/actions.js';
import consoleAccess from './security/console-access.js';
import consoleHost from './security/console-host.js';
import rateLimits from './security/rate-limits.js';
import csrf from './security/csrf.js';
import apiOverHttps from './security/api-over-https.js';
import fetchMetadata from './security/fetch-metadata.js';
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
import staffSignIn from './capabilities/ops/sign-in/index.js';
import help from './capabilities/help/index.js';
import notifications from './capabilities/notifications/index.js';
import service from './capabilities/service/index.js';
import contract from './capabilities/contract/index.js';
import assistant from './capabilities/assistant/index.js';
import quotaTransfer from './capabilities/quota-transfer/index.js';
import reactivation from './capabilities/reactivation/index.js';
import insuranceOffer from './capabilities/insurance/index.js';
import postSale from './capabilities/post-sale/index.js';
import vehicleBilling from './capabilities/vehicle-billing/index.js';
import install from './capabilities/install/index.js';

/**
 * A hop count trusts the nearest `hops` addresses (the socket's peer is always a proxy: the server
 * is reachable only through the balancer); Fastify refuses bare hop counts, so it is a function.
 * An address list is handed to proxy-addr as is.
 */
export function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * Standard output as pino writes it by default (synchronously, from the event loop), given the
 * lines in batches (observability/log-destination.ts): one write(2) a batch, with no hand-over to
 * the thread pool (which cost more than the write it carried).
 */
export function stdoutDestination(): BatchedDestination {
  return new BatchedDestination(pino.destination({ dest: 1, sync: true }));
}

/** One shared plugin in the load order, with why it stands where it does. */
export interface LoadStep {
  name: string;
  // Each plugin takes options of its own type.
  plugin: FastifyPluginAsync<any> | FastifyPluginCallback<any>;
  options?: object;
  /** Whether the step enforces a security rule (server/src/security/). */
  security?: true;
  why: string;
}

/**
 * The shared plugins in the order they load, declared once: Fastify runs hooks in registration
 * order, so a rule's place in this table is its place in every request. The security rules
 * (`security: true`) live in server/src/security/; this table only places them.
 */
export function sharedPlugins(cfg: Config, options: { onceClock?: () => number }, at: (capability: string) => { logLevel?: LogLevel }): LoadStep[] {
  return [
    { name: 'config', plugin: config, options: { config: cfg }, why: 'every other plugin reads its options from it' },
    { name: 'stalled-readers', plugin: stalledReaders, why: 'cuts clients that stop reading, whatever route they reached' },
    { name: 'observability', plugin: observability, why: 'the request id, metrics and the access line wrap everything after it' },
    { name: 'helmet', plugin: helmet, security: true, why: 'security headers before any check that may answer early, so every answer carries them' },
    { name: 'allowed-hosts', plugin: allowedHosts, security: true, why: 'a request for a host no partner serves is refused before any work' },
    { name: 'api-over-https', plugin: apiOverHttps, security: true, why: 'an API call that came over plain HTTP is refused before any other check reads its cookie or body: before any route is added' },
    { name: 'console-host', plugin: consoleHost, security: true, why: 'decides which host answers which route (the console on OPS_HOST only): before any route is added and before its other checks' },
    { name: 'openapi', plugin: openapi, why: 'before any route, so that every route is described' },
    { name: 'definitions', plugin: definitions, why: 'routes, texts and partners, read by the checks below' },
    { name: 'cookie', plugin: cookie, why: 'the session and console cookies the checks below read' },
    { name: 'rate-limits', plugin: rateLimits, security: true, why: 'request limits per session and address: the first check of a route, before any work it could save' },
    { name: 'console-access', plugin: consoleAccess, security: true, why: 'the console’s role guard: the first check of a console route, once its cookie can be read' },
    { name: 'csrf', plugin: csrf, security: true, why: 'the cross-site check of every state-changing route, after the console’s guard so a stranger learns nothing of it' },
    { name: 'fetch-metadata', plugin: fetchMetadata, security: true, why: 'the cross-site check of every read of the API, beside the csrf check of its writes: before any route is added, and before a read does any work' },
    { name: 'storage', plugin: storage, why: 'the database, sessions and counters the rest reads' },
    { name: 'flows', plugin: flows, why: 'the published decision tables, read from storage' },
    { name: 'upstream', plugin: upstream, why: 'the back-office client' },
    { name: 'analytics', plugin: analytics, why: 'after storage and flows, before the drain: its close hook writes the last counts once the drain is done' },
    { name: 'drain', plugin: drain, why: 'after storage and upstream: its close hook (drain running work) runs before theirs' },
    { name: 'partner', plugin: partner, why: 'the partner of the request’s host, from the back office' },
    { name: 'session', plugin: session, why: 'the customer’s session, for the partner of the host' },
    { name: 'quota-selection', plugin: quotaSelection, why: 'the selected quota, within the session' },
    { name: 'app-versions', plugin: appVersions, options: at('versions'), why: 'the mandatory-update guard the screens apply' },
    { name: 'screens', plugin: screens, why: 'the screen API: guard, loaders, layout fill' },
    { name: 'once', plugin: once, options: options.onceClock ? { now: options.onceClock } : {}, security: true, why: 'moves done once per session: needs the session and storage, and holds before any action runs' },
    { name: 'ownership', plugin: ownership, security: true, why: 'a customer reaches only their own quotas and cases: after the session, before any action runs' },
    { name: 'actions', plugin: actions, why: 'the action API, behind the once and ownership checks' },
    { name: 'renderer', plugin: renderer, why: 'the page and its assets, last of the shared plugins: its catch-all route answers what no API route does' },
  ];
}

/** Builds the service. Load order is the architecture: the shared plugins (sharedPlugins) → the capabilities. */
export async function buildApp(
  cfg: Config,
  options: {
    logger?: false;
    loggerInstance?: FastifyBaseLogger;
    /** The clock the windows of moves consumed once are read by (security/once.ts): Date.now unless a test moves it. */
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

  for (const step of sharedPlugins(cfg, options, at)) await app.register(step.plugin, step.options ?? {});

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
  await app.register(staffSignIn, at('ops'));
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
  // The app installable per partner: manifest, icons, offline page.
  await app.register(install, at('install'));
  return app;
}
