import type { FastifyInstance } from 'fastify';
import { wizardSteps } from '../../../composition/definitions.js';
import { formatDateTime } from '../../../domain/format.js';
import type { PageLoader } from '../console-pages.js';
import { definitionTable } from '../definition-table.js';
import { versionAuthor } from '../records.js';
import { canPublish } from '../staff.js';
import { findingsOf, tableSelections, wizardSelections } from '../table-editor.js';
import { lastChangeOf, lastChanges } from '../versions.js';

/** /ops/definicoes/:id: one definition, its table as published, and for publishers its editor. */
export function definitionPage(app: FastifyInstance): PageLoader {
  return async ({ member, params, text }) => {
    const definition = app.flows.bundle.definitions.find((d) => d.id === params.id);
    if (!definition) return { notFound: true };
    const change = lastChangeOf(lastChanges(await app.flows.history()), definition.id);
    const findings = () => findingsOf(app.flows.check(app.flows.files).report, definition.id);
    let editor: Record<string, unknown> | null = null;
    if (canPublish(member.role)) {
      if (definition.kind === 'decision-table') editor = { tabela: true, selecoes: tableSelections(definition, app.flows.bundle), definicao: definition, achados: findings() };
      else if (definition.kind === 'wizard') {
        const known = wizardSteps(app.definitions.flows)[definition.id] ?? definition.steps.map((s) => s.id);
        editor = { assistente: true, modo: 'wizard', selecoes: wizardSelections(definition, app.flows.bundle, known, app.definitions.routes.map((r) => r.path)), definicao: definition, achados: findings() };
      } else editor = { cards: { lista: definition.cards, rotulos: app.flows.bundle.vocabulary.cardLabels, destinos: app.flows.bundle.vocabulary.cardTargets } };
    }
    return {
      definicao: {
        id: definition.id,
        titulo: definition.title,
        tipo: text(`ops.tipo.${definition.kind}`),
        fonte: definition.source,
        alteracao: change ? `v${change.version} · ${formatDateTime(change.createdAt)} · ${versionAuthor(change)}` : '',
      },
      tabela: definitionTable(definition),
      editor,
    };
  };
}
