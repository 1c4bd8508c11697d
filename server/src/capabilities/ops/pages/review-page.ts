import type { FastifyInstance } from 'fastify';
import { diffFiles } from '../../../composition/flows/diff.js';
import { formatReport } from '../../../composition/flows/analyse.js';
import { stepsFigures } from '../analysis.js';
import { changedStepsModel } from '../analysis-model.js';
import type { PageLoader } from '../console-pages.js';
import { definitionTable } from '../definition-table.js';
import { stepsChangedBy } from '../draft-steps.js';
import { previewPersona, type PreviewPersona } from '../preview.js';
import { entryRoute, previewOf, previewScreens, textsRoute } from '../screen-preview.js';
import { canPublish } from '../staff.js';

/**
 * /ops/rascunho: the staff member's draft against the version in service — the analyser's report,
 * the diff, the draft's table, the current figures of the steps it changes, and what a persona of
 * the sandbox sees and is decided, published and drafted.
 */
export function reviewPage(app: FastifyInstance, personas: readonly PreviewPersona[]): PageLoader {
  return async ({ request, member, query, text }) => {
    const draft = member.draft;
    if (!draft) return { redirect: '/ops' };
    const files = { ...app.flows.files, [`${draft.id}.json`]: draft.content };
    const { bundle, report } = app.flows.check(files);
    const persona = personas.find((p) => p.key === query.get('persona')) ?? null;
    let decisions: Awaited<ReturnType<typeof previewPersona>> | string | null = null;
    let screens: Awaited<ReturnType<typeof previewScreens>> | string | null = null;
    if (persona && report.ok) {
      const failed = (what: string) => (err: unknown) => {
        request.log.warn({ err }, `persona ${what} preview failed`);
        return text('ops.rascunho.persona-indisponivel');
      };
      [decisions, screens] = await Promise.all([
        previewPersona(app.upstream, app.flows, persona, bundle).catch(failed('decision')),
        // The persona's screens are asked through this server: nothing of it is counted for the analysts.
        app.analytics.quiet(() => previewScreens(app, request, persona, bundle, draft.id === 'texts' ? textsRoute(app, app.definitions.texts, bundle.texts ?? {}) : entryRoute(draft.id))).catch(failed('screen')),
      ]);
    }
    const changed = stepsChangedBy(draft.id, app.flows.bundle, bundle, app.analytics.funnels.flows, app.definitions);
    const figures = await Promise.all(changed.map(async ({ flow, steps }) => ({ flow, ...(await stepsFigures(app, flow, steps)) })));
    const definition = bundle.definitions.find((d) => d.id === draft.id) ?? null;
    const sameScreen = typeof screens === 'object' && screens !== null && screens.published.route === screens.draft.route;
    return {
      defasado: draft.baseVersion !== app.flows.version,
      base: draft.baseVersion,
      relatorio: { texto: formatReport(report), tom: report.ok ? 'success' : 'danger' },
      diff: diffFiles(app.flows.files, files),
      tabela: definition ? definitionTable(definition) : null,
      tituloRascunho: definition?.title ?? '',
      numeros: figures.length ? changedStepsModel(figures, figures[0]!.period) : { fluxos: [] },
      personas: personas.map((p) => ({ chave: p.key, variante: p.key === persona?.key ? 'primary' : 'link' })),
      persona: persona?.key ?? '',
      telasFalharam: typeof screens === 'string' ? screens : '',
      telas:
        typeof screens === 'object' && screens !== null
          ? {
              rota: screens.route,
              mudanca: sameScreen ? text('ops.rascunho.mesma-tela', { rota: screens.draft.route }) : text('ops.rascunho.tela-muda', { de: screens.published.route, para: screens.draft.route }),
              tom: sameScreen ? 'neutral' : 'warning',
              publicada: previewOf(screens.published),
              rascunho: previewOf(screens.draft),
            }
          : null,
      decisoesFalharam: typeof decisions === 'string' ? decisions : '',
      decisoes: Array.isArray(decisions) ? decisions.map((r) => [r.quota, r.decision, r.inputs, r.published, r.draft === r.published ? r.draft : text('ops.rascunho.muda', { valor: r.draft })]) : null,
      podePublicar: canPublish(member.role) && report.ok,
    };
  };
}
