import type { FastifyInstance } from 'fastify';
import { OpsRequests } from '../../storage/ops-requests.js';
import { analysisActions } from './analysis-actions.js';
import { loadConsoleScreens } from './console-definitions.js';
import { consolePages } from './console-pages.js';
import { draftActions } from './draft-actions.js';
import { analysisPage } from './pages/analysis-page.js';
import { definitionPage } from './pages/definition-page.js';
import { galleryPage } from './pages/gallery-page.js';
import { historyPage } from './pages/history-page.js';
import { overviewPage } from './pages/overview-page.js';
import { requestsPage } from './pages/requests-page.js';
import { reviewPage } from './pages/review-page.js';
import { revisionsPage } from './pages/revisions-page.js';
import { textsPage } from './pages/texts-page.js';
import { themesPage } from './pages/themes-page.js';
import { readPersonas } from './preview.js';
import { publishActions } from './publish-actions.js';

/**
 * The operations console at /ops, on its own host: staff signed in (capabilities/ops/sign-in: the
 * identity provider, or OPS_USERS outside production) read the flow definitions as tables, edit
 * one, review the analyser's report, the diff and a per-persona preview, publish with a comment,
 * and roll back from the history. Its pages are the console's routes, layouts and texts
 * (screens/console/, screens/texts/console.pt-BR.json) drawn through console-pages.ts, each filled
 * by its loader in pages/; its actions are POST /api/actions/ops/… (draft-, publish- and
 * analysis-actions.ts).
 */
export default async function ops(app: FastifyInstance) {
  const requests = new OpsRequests(app.db);
  const pages = consolePages(app, loadConsoleScreens(), '/ops');
  pages.register('ops', overviewPage(app));
  pages.register('ops-definicao', definitionPage(app));
  pages.register('ops-rascunho', reviewPage(app, readPersonas(app.config.opsPreviewPersonas)));
  pages.register('ops-historico', historyPage(app));
  pages.register('ops-revisoes', revisionsPage(app));
  pages.register('ops-pedidos', requestsPage(app, requests, app.config.opsRequireApproval));
  pages.register('ops-textos', textsPage(app));
  pages.register('ops-temas', themesPage(app));
  pages.register('ops-galeria', galleryPage(app));
  pages.register('ops-analise', analysisPage(app));
  pages.check();

  draftActions(app);
  publishActions(app, requests);
  analysisActions(app);
}
