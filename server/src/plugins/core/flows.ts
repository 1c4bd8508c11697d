import fp from 'fastify-plugin';
import { FlowService } from '../../composition/flow-service.js';
import { FlowStore } from '../../storage/flow-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The flow definitions in service (decision tables, cards, wizards), versioned and hot-swapped. */
    flows: FlowService;
  }
}

/** Decorates `flows`: records the shipped definitions as a version, then follows the store. */
export default fp(
  async (app) => {
    const service = new FlowService(new FlowStore(app.db), app.definitions, app.log);
    // Polled for what other instances publish; the embedded database is this process's alone (as
    // the session store's cache also relies on), and a version published here is taken into
    // service at once (FlowService.publish).
    await service.start(app.db.kind === 'pglite' ? 0 : app.config.FLOWS_POLL_MS);
    app.decorate('flows', service);
    // Texts are versioned with the flows: every reader of app.definitions.texts gets the version in service
    // (or the draft a console preview decides with).
    const shipped = app.definitions.texts;
    Object.defineProperty(app.definitions, 'texts', { get: () => service.bundle.texts ?? shipped, configurable: true, enumerable: true });
    app.addHook('onClose', async () => service.stop());
  },
  { name: 'flows', dependencies: ['config', 'definitions', 'storage'] },
);
