import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { installErrorHandler } from './error-handler.js';
import { loggerOptions } from './logger.js';
import cookie from './plugins/external/cookie.js';
import helmet from './plugins/external/helmet.js';
import renderer from './plugins/external/renderer.js';
import config from './plugins/core/config.js';
import definitions from './plugins/core/definitions.js';
import storage from './plugins/core/storage.js';
import flows from './plugins/core/flows.js';
import upstream from './plugins/core/upstream.js';
import partner from './plugins/core/partner.js';
import session from './plugins/core/session.js';
import quotaSelection from './plugins/core/quota-selection.js';
import screens from './plugins/core/screens.js';
import actions from './plugins/core/actions.js';
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
import assemblies from './capabilities/assemblies/index.js';
import ops from './capabilities/ops/index.js';
import help from './capabilities/help/index.js';
import notifications from './capabilities/notifications/index.js';
import service from './capabilities/service/index.js';

/** Builds the service. Load order is the architecture: external plugins → core plugins → capabilities. */
export async function buildApp(
  cfg: Config,
  options: { logger?: FastifyServerOptions['logger']; loggerInstance?: FastifyServerOptions['loggerInstance'] } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? loggerOptions(cfg.LOG_LEVEL) }),
    trustProxy: false,
    bodyLimit: 256 * 1024,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    return503OnClosing: true,
  });
  installErrorHandler(app);

  await app.register(config, { config: cfg });
  await app.register(definitions);
  await app.register(cookie);
  await app.register(helmet);
  await app.register(storage);
  await app.register(flows);
  await app.register(upstream);
  await app.register(partner);
  await app.register(session);
  await app.register(quotaSelection);
  await app.register(appVersions);
  await app.register(screens);
  await app.register(actions);
  await app.register(renderer);

  await app.register(health);
  await app.register(auth);
  await app.register(quotas);
  await app.register(home);
  await app.register(bids);
  await app.register(profile);
  await app.register(evaluation);
  await app.register(slips);
  await app.register(documents);
  await app.register(finance);
  await app.register(cashBilling);
  await app.register(assemblies);
  await app.register(ops);
  await app.register(help);
  await app.register(notifications);
  await app.register(service);
  return app;
}
