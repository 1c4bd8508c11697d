import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '../../../domain/format.js';
import type { PageLoader } from '../console-pages.js';
import { versionAuthor } from '../records.js';
import { lastChangeOf, lastChanges } from '../versions.js';

/** /ops: the definitions in service as a table, each with its last change, leading to its page. */
export function overviewPage(app: FastifyInstance): PageLoader {
  return async ({ text }) => {
    const changes = lastChanges(await app.flows.history());
    const version = app.flows.version;
    return {
      definicoes: app.flows.bundle.definitions.map((d) => {
        const change = lastChangeOf(changes, d.id);
        return {
          id: `def-${d.id}`,
          cells: [d.title, text(`ops.tipo.${d.kind}`), d.source, `v${change?.version ?? version}`, change ? `${formatDateTime(change.createdAt)} · ${versionAuthor(change)}` : text('ops.sem-registro')],
          keywords: d.id,
          action: { type: 'navigate', to: `/ops/definicoes/${d.id}` },
        };
      }),
    };
  };
}
