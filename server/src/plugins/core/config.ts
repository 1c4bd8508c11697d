import fp from 'fastify-plugin';
import type { Config } from '../../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/** Decorates `config`: every other plugin reads its options from here, never from process.env. */
export default fp<{ config: Config }>(
  async (app, opts) => {
    app.decorate('config', opts.config);
  },
  { name: 'config' },
);
