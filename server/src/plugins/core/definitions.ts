import fp from 'fastify-plugin';
import { loadDefinitions, type Definitions } from '../../composition/definitions.js';
import { formatCount, plural } from '../../domain/format.js';
import { resolveText } from '../../composition/template.js';

declare module 'fastify' {
  interface FastifyInstance {
    definitions: Definitions;
    /** A text of screens/texts by key, interpolated with `vars`. */
    text(key: string, vars?: Record<string, unknown>): string;
    /**
     * A text that counts something: `<key>.um` for exactly one, `<key>.outros` for any other count
     * (domain/format.ts `plural`), with `{{n}}` the count as written in pt-BR.
     */
    countText(key: string, n: number, vars?: Record<string, unknown>): string;
  }
}

/** Decorates `definitions` (route table, layouts, texts), checked at start: a broken definition stops the server. */
export default fp(
  async (app) => {
    const definitions = loadDefinitions();
    app.decorate('definitions', definitions);
    app.decorate('text', (key: string, vars: Record<string, unknown> = {}) => resolveText(`@${key}`, vars, app.definitions.texts));
    app.decorate('countText', (key: string, n: number, vars: Record<string, unknown> = {}) =>
      resolveText(`@${key}.${plural(n, 'um', 'outros')}`, { ...vars, n: formatCount(n) }, app.definitions.texts),
    );
  },
  { name: 'definitions' },
);
