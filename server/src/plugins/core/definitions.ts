import fp from 'fastify-plugin';
import { loadDefinitions, type Definitions } from '../../domain/definitions.js';
import { resolveText } from '../../domain/template.js';

declare module 'fastify' {
  interface FastifyInstance {
    definitions: Definitions;
    /** A text of screens/texts by key, interpolated with `vars`. */
    text(key: string, vars?: Record<string, unknown>): string;
  }
}

/** Decorates `definitions` (route table, layouts, texts), checked at start: a broken definition stops the server. */
export default fp(
  async (app) => {
    const definitions = loadDefinitions();
    app.decorate('definitions', definitions);
    app.decorate('text', (key: string, vars: Record<string, unknown> = {}) => resolveText(`@${key}`, vars, app.definitions.texts));
  },
  { name: 'definitions' },
);
