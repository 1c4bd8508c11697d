// First: it must run before the loading of the others starts full garbage collections.
import './next-tick-shape.js';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { endOfLifeMessage, pastEndOfLife } from './node-support.js';
import { CLOSE_GRACE_MS } from './plugins/core/drain.js';

/** Process entry: configuration, listen, graceful close. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  for (const warning of config.warnings) app.log.warn(warning);
  const eol = pastEndOfLife(process.versions.node, new Date());
  if (eol) app.log.warn(eol, endOfLifeMessage(eol));
  closeWithGrace({ delay: CLOSE_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await app.close();
  });
  await app.listen({ host: config.HOST, port: config.PORT });
}

void main();
