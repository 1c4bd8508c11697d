import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '../../../domain/format.js';
import { analysisHref } from '../analysis.js';
import type { PageLoader } from '../console-pages.js';
import { versionAuthor } from '../records.js';
import { canPublish } from '../staff.js';

/** /ops/historico: every version, newest first, with its diff, the figures it links to and, for publishers, the way back to it. */
export function historyPage(app: FastifyInstance): PageLoader {
  /** Each version that published a definition of a flow links to that flow's figures with it. */
  async function figuresByVersion(text: (key: string, values?: unknown) => string): Promise<Map<number, Array<{ label: string; to: string }>>> {
    const revisions = await app.definitionRevisions.all(app.flows.version);
    const links = new Map<number, Array<{ label: string; to: string }>>();
    for (const flow of app.analytics.funnels.flows) {
      const linked = new Set<number>();
      for (const definition of flow.definitions) {
        for (const r of revisions.get(definition) ?? []) {
          if (linked.has(r.version)) continue;
          linked.add(r.version);
          links.set(r.version, [...(links.get(r.version) ?? []), { label: text('ops.historico.numeros', { fluxo: flow.name, v: r.version }), to: analysisHref({ fluxo: flow.id, definicao: definition, versao: r.version }) }]);
        }
      }
    }
    return links;
  }

  return async ({ member, text }) => {
    const current = app.flows.version;
    const [history, figures] = await Promise.all([app.flows.history(), figuresByVersion(text)]);
    const publisher = canPublish(member.role);
    return {
      versoes: history.map((v) => ({
        numero: v.version,
        titulo: text(v.version === current ? 'ops.historico.versao-em-servico' : 'ops.historico.versao', { v: v.version, comentario: v.comment }),
        subtitulo: [versionAuthor(v), v.approvedBy ? text('ops.aprovado-por', { quem: v.approvedBy }) : '', formatDateTime(v.createdAt), text(`ops.origem.${v.source}`)].filter(Boolean).join(' · '),
        diff: v.diff,
        numeros: figures.get(v.version) ?? [],
        podeVoltar: publisher && v.version !== current,
      })),
    };
  };
}
