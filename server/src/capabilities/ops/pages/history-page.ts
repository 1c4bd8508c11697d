import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '../../../domain/format.js';
import { analysisHref } from '../analysis.js';
import type { PageLoader } from '../console-pages.js';
import { sourceLabel, versionAuthor } from '../records.js';
import { canPublish } from '../staff.js';

type Text = (key: string, values?: unknown) => string;
type RowAction = { label: string; accessibleName?: string; action: Record<string, unknown> };

/**
 * /ops/historico: every version, newest first, as a table; each row leads to its diff
 * (`?versao=<n>` shows it above the table), to the figures it links to and, for publishers, back
 * to it.
 */
export function historyPage(app: FastifyInstance): PageLoader {
  /** Each version that published a definition of a flow links to that flow's figures with it. */
  async function figuresByVersion(text: Text): Promise<Map<number, RowAction[]>> {
    const revisions = await app.definitionRevisions.all(app.flows.version);
    const links = new Map<number, RowAction[]>();
    for (const flow of app.analytics.funnels.flows) {
      const linked = new Set<number>();
      for (const definition of flow.definitions) {
        for (const r of revisions.get(definition) ?? []) {
          if (linked.has(r.version)) continue;
          linked.add(r.version);
          const link: RowAction = {
            label: text('ops.historico.numeros', { fluxo: flow.name }),
            accessibleName: text('ops.historico.numeros-nome', { fluxo: flow.name, v: r.version }),
            action: { type: 'navigate', to: analysisHref({ fluxo: flow.id, definicao: definition, versao: r.version }) },
          };
          links.set(r.version, [...(links.get(r.version) ?? []), link]);
        }
      }
    }
    return links;
  }

  return async ({ member, text, query }) => {
    const current = app.flows.version;
    const [history, figures] = await Promise.all([app.flows.history(), figuresByVersion(text)]);
    const publisher = canPublish(member.role);
    const chosen = history.find((v) => String(v.version) === query.get('versao'));
    return {
      ...(chosen
        ? {
            diferencas: {
              titulo: text('ops.historico.diferencas', { v: chosen.version, comentario: chosen.comment }),
              texto: chosen.diff || text('ops.sem-diferencas'),
            },
          }
        : {}),
      versoes: history.map((v) => ({
        id: `versao-${v.version}`,
        cells: [
          text(v.version === current ? 'ops.historico.versao-em-servico' : 'ops.historico.versao', { v: v.version }),
          v.comment,
          versionAuthor(v),
          v.approvedBy ?? text('ops.historico.sem-aprovacao'),
          formatDateTime(v.createdAt),
          sourceLabel(v.source),
        ],
        actions: [
          { label: text('ops.ver-diferencas'), accessibleName: text('ops.historico.ver-diferencas-nome', { v: v.version }), action: { type: 'navigate', to: `/ops/historico?versao=${v.version}` } },
          ...(figures.get(v.version) ?? []),
          ...(publisher && v.version !== current
            ? [{ label: text('ops.historico.voltar', { v: v.version }), action: { type: 'submit', action: 'ops/rollback', payload: { versao: v.version, base: current }, loadingMessage: text('ops.publicando') } }]
            : []),
        ],
      })),
    };
  };
}
