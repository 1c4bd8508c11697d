import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '../../../domain/format.js';
import type { PageLoader } from '../console-pages.js';

/**
 * /ops/revisoes: every published version of every definition in service, newest first — when it
 * was published, by whom, who approved it, with what comment, and the versions it served — each row
 * leading to the definition's page.
 */
export function revisionsPage(app: FastifyInstance): PageLoader {
  return async ({ text }) => {
    const current = app.flows.version;
    const [byDefinition, history] = await Promise.all([app.definitionRevisions.all(current), app.flows.history()]);
    const versions = new Map(history.map((v) => [v.version, v]));
    const rows = app.flows.bundle.definitions.flatMap((d) =>
      (byDefinition.get(d.id) ?? []).map((r) => {
        const published = versions.get(r.version);
        const served = r.until === null ? text('ops.revisoes.desde', { v: r.version }) : r.until === r.version ? `v${r.version}` : text('ops.revisoes.intervalo', { de: r.version, ate: r.until });
        return {
          id: `rev-${d.id}-${r.version}`,
          at: r.createdAt,
          cells: [
            d.title,
            `v${r.version}`,
            served,
            formatDateTime(r.createdAt),
            published?.source === 'deploy' ? text('ops.servidor') : r.author,
            published?.approvedBy ?? text('ops.revisoes.sem-aprovacao'),
            published?.comment || text('ops.revisoes.sem-comentario'),
          ],
          keywords: d.id,
          action: { type: 'navigate', to: `/ops/definicoes/${d.id}` },
        };
      }),
    );
    rows.sort((a, b) => b.at.localeCompare(a.at) || a.cells[0]!.localeCompare(b.cells[0]!));
    return { total: rows.length, revisoes: rows.map(({ at: _at, ...row }) => row) };
  };
}
