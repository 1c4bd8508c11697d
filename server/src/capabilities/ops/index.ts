import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SCHEMA_VERSION, type ActionResult, type ComponentNode, type ScreenDocument, type ScreenResponse } from '../../../../screens/contract/index.js';
import { fileNameOf } from '../../composition/flows/bundle.js';
import { diffFiles } from '../../composition/flows/diff.js';
import { FlowRejectedError, StaleVersionError } from '../../composition/flow-service.js';
import { galleryScreen, type GalleryPartner } from './gallery.js';
import { brand } from '../../composition/partner.js';
import { partners as partnerCalls } from '../../../../back-office/index.js';
import { contrastReport } from '../../composition/theme.js';
import { cardSetForm, definitionScreen, historyScreen, lastChanges, overviewScreen, requestsScreen, reviewScreen } from './ops-screens.js';
import { consoleFrame } from './console-frame.js';
import { countOf, formatDateTime } from '../../domain/format.js';
import { analyse, analysisHref, readQuery, stepsFigures } from './analysis.js';
import { analysisScreen, changedStepsFigures } from './analysis-screens.js';
import { analysisCsv } from './analysis-csv.js';
import { stepsChangedBy } from './draft-steps.js';
import { previewPersona, readPersonas } from './preview.js';
import { canPublish, ROLES_FOR } from './staff.js';
import dayjs from 'dayjs';
import { BRAZIL_TZ } from '../../domain/clock.js';
import { formatReport } from '../../composition/flows/analyse.js';
import { OpsRequests, type OpsRequest } from '../../storage/ops-requests.js';
import { auditCsv } from './audit.js';
import { findingsOf, tableEditor, wizardEditor } from './table-editor.js';
import { textsFile } from '../../composition/flows/bundle.js';
import { wizardSteps } from '../../composition/definitions.js';
import { ThemeDefinition } from '../../../../screens/contract/flows.js';
import { themeOf } from '../../composition/theme.js';
import { textsScreen, themesScreen, THEME_FIELDS, type ThemeRow } from './content-screens.js';
import { entryRoute, previewScreens, textsRoute, type ScreenPreview } from './screen-preview.js';
import type { StaffSession } from './staff-sessions.js';
import { securityEvent } from '../../security/security-events.js';
import { endCustomerSessions, endSessionsForm, EndSessionsInput } from './customer-sessions.js';

const TEXT = {
  viewerCannotPublish: 'Seu perfil é somente leitura: publicar e voltar versões exigem o perfil de publicação.',
  onlyApprovers: 'Só o perfil de aprovação aprova publicações.',
  invalidJson: 'O conteúdo não é um JSON válido.',
  noDraft: 'Não há rascunho em revisão.',
  unchanged: 'Nada mudou em relação à versão em serviço.',
  refused: 'O analisador recusou o rascunho: corrija os pontos indicados. Nada foi publicado.',
  stale: 'Outra pessoa publicou uma nova versão enquanto você editava. Nada foi sobrescrito: edite de novo a partir da versão atual.',
};

/**
 * The operations console at /ops: staff signed in (capabilities/ops/sign-in: the identity provider, or OPS_USERS outside production)
 * read the flow definitions as tables, edit one, review the analyser's report, the diff
 * and a per-persona preview, publish with a comment, and roll back from the history.
 */
export default async function ops(app: FastifyInstance) {
  // Staff sign-in, sessions and leaving are capabilities/ops/sign-in (registered before this plugin).
  const { sessions, member: staffOf } = app.staffSignIn;
  const personas = readPersonas(app.config.opsPreviewPersonas);

  /** A console page; with a staff member, inside the console's frame (who is in, the sections, leaving). */
  async function document(request: FastifyRequest, screen: string, route: string, title: string, content: ComponentNode[], member?: StaffSession): Promise<ScreenDocument> {
    const partner = await app.partners.forRequest(request);
    const layout = member ? consoleFrame(member, new URL(route, 'http://console').pathname, content) : content;
    return app.screens.finish(request, {
      schemaVersion: SCHEMA_VERSION,
      kind: 'screen',
      screen,
      route,
      title,
      partner: partner.branding,
      chrome: 'public',
      layout,
      modals: [],
      meta: { definitions: `v${app.flows.version}` },
    });
  }
  const redirect = (to: string): ScreenResponse => ({ schemaVersion: SCHEMA_VERSION, kind: 'redirect', to });

  app.screens.mount('/ops', async (request: FastifyRequest, reply: FastifyReply, url: URL) => {
    const route = `${url.pathname}${url.search}`;
    const member = await staffOf(request, reply);
    if (url.pathname === '/ops/entrar') return member ? redirect('/ops') : document(request, 'ops-entrar', route, 'Console de operações', app.staffSignIn.page(url));
    if (!member) return redirect('/ops/entrar');

    if (url.pathname === '/ops') return document(request, 'ops', route, 'Console de operações', overviewScreen(app.flows.version, app.flows.bundle.definitions, await app.flows.history()), member);
    if (url.pathname === '/ops/galeria') {
      const answer = await app.upstream.request(partnerCalls.list);
      const partners: GalleryPartner[] = (answer.data ?? []).map((partner) => {
        const { branding, rejected } = brand(partner);
        return { id: partner.id, name: partner.name, theme: branding.theme, report: contrastReport(branding.theme), rejected: rejected.length > 0 };
      });
      return document(request, 'ops-galeria', route, 'Galeria de componentes', galleryScreen(partners), member);
    }
    if (url.pathname === '/ops/textos') {
      const texts = textsInDraft(member);
      return document(request, 'ops-textos', route, 'Textos', textsScreen(member, texts, url.searchParams.get('busca') ?? '', url.searchParams.get('chave'), app.flows.version), member);
    }
    if (url.pathname === '/ops/temas') {
      const answer = await app.upstream.request(partnerCalls.list);
      const rows: ThemeRow[] = (answer.data ?? []).map((partner) => {
        const published = app.flows.bundle.themes?.find((t) => t.partner === partner.id) ?? null;
        const { branding } = brand(partner);
        const base = { primary: partner.colors?.primary ?? branding.theme.primary, secondary: partner.colors?.secondary ?? branding.theme.secondary };
        return { id: partner.id, name: partner.name, theme: published ? themeOf(published, base) : branding.theme, published };
      });
      return document(request, 'ops-temas', route, 'Temas dos parceiros', themesScreen(member, rows), member);
    }
    if (url.pathname === '/ops/pedidos') {
      const approver = member.role === 'approver' ? endSessionsForm() : [];
      return document(request, 'ops-pedidos', route, 'Pedidos de publicação', [...requestsScreen(member, await requests.list(), requireApproval), ...approver], member);
    }
    if (url.pathname === '/ops/historico') {
      const [history, figures] = await Promise.all([app.flows.history(), figuresByVersion()]);
      return document(request, 'ops-historico', route, 'Histórico de versões', historyScreen(member, history, app.flows.version, figures), member);
    }
    if (url.pathname === '/ops/analise') {
      const [analysis, partners] = await Promise.all([analyse(app, readQuery(url.searchParams)), partnerNames()]);
      return document(request, 'ops-analise', route, 'Análise dos fluxos', analysisScreen(analysis, app.analytics.funnels.flows, partners), member);
    }
    const definitionMatch = /^\/ops\/definicoes\/([a-z0-9-]+)$/.exec(url.pathname);
    if (definitionMatch) {
      const definition = app.flows.bundle.definitions.find((d) => d.id === definitionMatch[1]);
      if (definition) {
        const editor = !canPublish(member.role)
          ? null
          : definition.kind === 'decision-table'
            ? tableEditor(definition, app.flows.bundle, findingsOf(app.flows.check(app.flows.files).report, definition.id))
            : definition.kind === 'cards'
              ? cardSetForm(definition, app.flows.bundle.vocabulary)
              : wizardEditor(definition, app.flows.bundle, wizardSteps(app.definitions.flows)[definition.id] ?? definition.steps.map((s) => s.id), app.definitions.routes.map((r) => r.path), findingsOf(app.flows.check(app.flows.files).report, definition.id));
        const changes = lastChanges(await app.flows.history());
        return document(request, 'ops-definicao', route, definition.title, definitionScreen(member, definition, app.flows.version, changes.get(`${definition.id}.json`) ?? changes.get('*'), editor), member);
      }
    }
    if (url.pathname === '/ops/rascunho') {
      if (!member.draft) return redirect('/ops');
      const files = { ...app.flows.files, [`${member.draft.id}.json`]: member.draft.content };
      const { bundle, report } = app.flows.check(files);
      const wanted = url.searchParams.get('persona');
      const persona = personas.find((p) => p.key === wanted) ?? null;
      let preview: Awaited<ReturnType<typeof previewPersona>> | string | null = null;
      let screens: ScreenPreview | string | null = null;
      if (persona && report.ok) {
        const failed = (what: string) => (err: unknown) => {
          request.log.warn({ err }, `persona ${what} preview failed`);
          return 'Não foi possível consultar o estado desta persona no sistema da administradora agora.';
        };
        [preview, screens] = await Promise.all([
          previewPersona(app.upstream, app.flows, persona, bundle).catch(failed('decision')),
          // The persona's screens are asked through this server: nothing of it is counted for the analysts.
          app.analytics.quiet(() => previewScreens(app, request, persona, bundle, member.draft!.id === 'texts' ? textsRoute(app, app.definitions.texts, bundle.texts ?? {}) : entryRoute(member.draft!.id))).catch(failed('screen')),
        ]);
      }
      const changed = stepsChangedBy(member.draft.id, app.flows.bundle, bundle, app.analytics.funnels.flows, app.definitions);
      const changedFigures = await Promise.all(changed.map(async ({ flow, steps }) => ({ flow, ...(await stepsFigures(app, flow, steps)) })));
      return document(
        request,
        'ops-rascunho',
        route,
        'Revisar alterações',
        reviewScreen({
          figures: changedFigures.length ? changedStepsFigures(changedFigures, changedFigures[0]!.period) : [],
          staff: member,
          definition: bundle.definitions.find((d) => d.id === member.draft!.id) ?? null,
          report,
          diff: diffFiles(app.flows.files, files),
          baseVersion: member.draft.baseVersion,
          currentVersion: app.flows.version,
          personas,
          persona: persona?.key ?? null,
          preview,
          screens,
        }),
        member,
      );
    }
    return document(request, 'ops-nao-encontrada', route, 'Não encontrada', [{ type: 'heading', text: 'Página do console não encontrada' }, { type: 'text', text: 'Escolha uma das seções do console.' }], member);
  });

  /** The partners by name, for the analysis filters (none when the back office does not answer now). */
  async function partnerNames(): Promise<Array<{ id: number; name: string }>> {
    try {
      const answer = await app.upstream.request(partnerCalls.list);
      return (answer.data ?? []).map((p) => ({ id: p.id, name: p.name }));
    } catch (err) {
      app.log.warn({ err }, 'partners list unavailable for the analysis filters');
      return [];
    }
  }

  /** For the history: each version that published a definition of a flow links to that flow's figures with it. */
  async function figuresByVersion(): Promise<Map<number, Array<{ label: string; to: string }>>> {
    const revisions = await app.definitionRevisions.all(app.flows.version);
    const links = new Map<number, Array<{ label: string; to: string }>>();
    for (const flow of app.analytics.funnels.flows) {
      const linked = new Set<number>();
      for (const definition of flow.definitions) {
        for (const r of revisions.get(definition) ?? []) {
          if (linked.has(r.version)) continue;
          linked.add(r.version);
          links.set(r.version, [...(links.get(r.version) ?? []), { label: `Números de ${flow.name} com a v${r.version}`, to: analysisHref({ fluxo: flow.id, definicao: definition, versao: r.version }) }]);
        }
      }
    }
    return links;
  }

  const refusalFor = { staff: undefined, publish: TEXT.viewerCannotPublish, approve: TEXT.onlyApprovers };

  /**
   * A console action for the roles of `needs`: the role guard (security/console-access) has
   * refused everyone else before the body was read; the customer session plays no part.
   */
  function staffAction<S extends z.ZodType>(
    name: string,
    input: S,
    handler: (input: z.output<S>, member: StaffSession, reply: FastifyReply) => Promise<ActionResult>,
    needs: keyof typeof ROLES_FOR = 'staff',
  ) {
    app.actions.register(`ops/${name}`, {
      consoleRoles: ROLES_FOR[needs],
      consoleRefusal: refusalFor[needs],
      input,
      async handler(parsed, { request, reply }) {
        return handler(parsed, request.consoleMember as StaffSession, reply);
      },
    });
  }

  const text40 = z.union([z.string().trim().max(40), z.number()]).optional();
  const AnalysisFilters = z.object({ fluxo: text40, periodo: text40, de: text40, ate: text40, parceiro: text40, plataforma: text40 });
  const DAY = /^\d{4}-\d{2}-\d{2}$/;
  /**
   * The filters as the page's address; a day not written AAAA-MM-DD, a single day or a period not
   * offered is refused next to its field. A partner or platform not listed means all of them.
   */
  function filtersHref(input: z.output<typeof AnalysisFilters>, extra: Record<string, string | number | undefined> = {}): ActionResult {
    const errors: Record<string, string> = {};
    const day = (value: unknown) => typeof value === 'string' && DAY.test(value) && dayjs(value).isValid() && dayjs(value).format('YYYY-MM-DD') === value;
    for (const key of ['de', 'ate'] as const) if (input[key] !== undefined && input[key] !== '' && !day(input[key])) errors[key] = 'Use uma data no formato AAAA-MM-DD.';
    if (!errors.de && !errors.ate && Boolean(input.de) !== Boolean(input.ate)) errors[input.de ? 'ate' : 'de'] = 'Informe as duas datas, ou nenhuma para usar o período.';
    if (input.periodo !== undefined && input.periodo !== '' && !['7', '30', '90', '395'].includes(String(input.periodo))) errors.periodo = 'Escolha um dos períodos da lista.';
    if (Object.keys(errors).length) return { kind: 'field-errors', errors };
    const query = readQuery(new URLSearchParams(Object.entries({ ...input, ...extra }).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)] as [string, string]]))));
    return { kind: 'navigate', to: analysisHref(query) };
  }

  staffAction('analise-filtros', AnalysisFilters, async (input) => filtersHref(input));

  staffAction('analise-comparar', AnalysisFilters.extend({ definicao: text40, a: text40, b: text40 }), async (input) => {
    const definition = app.analytics.funnels.flows.flatMap((f) => f.definitions).find((d) => d === input.definicao);
    const [a, b] = [Number(input.a), Number(input.b)];
    const errors: Record<string, string> = {};
    if (!definition) errors.definicao = 'Escolha uma definição da lista.';
    if (!Number.isInteger(a) || a < 1) errors.a = 'Escolha a versão A.';
    if (!Number.isInteger(b) || b < 1) errors.b = 'Escolha a versão B.';
    else if (a === b) errors.b = 'Escolha duas versões diferentes.';
    if (Object.keys(errors).length) return { kind: 'field-errors', errors };
    return filtersHref(input, { definicao: definition, a: Math.min(a, b), b: Math.max(a, b) });
  });

  // The analysis page's figures as CSV (the same filters), staff only.
  app.get('/api/ops/analise.csv', { config: { consoleRoles: ROLES_FOR.staff } }, async (request, reply) => {
    const analysis = await analyse(app, readQuery(new URL(request.url, 'http://console.local').searchParams));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="analise-${analysis.flow.id}.csv"`)
      .header('cache-control', 'no-store')
      .send(analysisCsv(analysis));
  });

  staffAction('galeria-exemplo', z.object({}).passthrough(), async () => ({ kind: 'snackbar', message: 'Exemplo da galeria: nada foi enviado.' }));

  const DraftInput = z.object({ id: z.string().regex(/^[a-z0-9-]+$/), conteudo: z.string('@erro.campo-obrigatorio').min(2, '@erro.campo-obrigatorio').max(200_000) });

  /** The draft's definition parsed and analysed with the rest of the version in service; a refusal keyed as the editor marks it. */
  function analyseDraft(input: z.output<typeof DraftInput>): { content: unknown; errors: Record<string, string> } | ActionResult {
    if (!app.flows.bundle.definitions.some((d) => d.id === input.id)) return { kind: 'error', title: app.text('erro.titulo'), message: 'Definição não encontrada.' };
    let content: unknown;
    try {
      content = JSON.parse(input.conteudo);
    } catch {
      return { kind: 'field-errors', errors: { conteudo: TEXT.invalidJson } };
    }
    if (!content || typeof content !== 'object' || fileNameOf(content as { id: string }) !== `${input.id}.json`) {
      return { kind: 'field-errors', errors: { conteudo: `O id da definição deve continuar "${input.id}".` } };
    }
    const { report } = app.flows.check({ ...app.flows.files, [`${input.id}.json`]: content });
    const errors = findingsOf(report, input.id);
    // Errors elsewhere (another definition that relied on this one) still refuse: shown on the table.
    const others = report.findings.filter((f) => f.level === 'erro' && !(f.definition === input.id || f.where === 'formato' || f.where.includes(input.id)));
    if (others.length) errors.tabela = [errors.tabela, ...others.map((f) => `${f.where}: ${f.message}`)].filter(Boolean).join('; ');
    return { content, errors };
  }

  staffAction('analisar', DraftInput, async (input) => {
    const analysed = analyseDraft(input);
    if ('kind' in analysed) return analysed;
    const count = Object.keys(analysed.errors).length;
    return { kind: 'field-errors', errors: analysed.errors, message: count ? `Analisador: ${countOf(count, 'ponto', 'pontos')} a corrigir.` : 'Analisador: sem problemas.' };
  });

  staffAction(
    'draft',
    DraftInput,
    async (input, member) => {
      const analysed = analyseDraft(input);
      if ('kind' in analysed) return analysed;
      if (Object.keys(analysed.errors).length) return { kind: 'field-errors', errors: analysed.errors, message: TEXT.refused };
      await sessions.saveDraft(member.id, { id: input.id, content: analysed.content, baseVersion: app.flows.version });
      return { kind: 'navigate', to: '/ops/rascunho' };
    },
    'publish',
  );

  /** The texts the analyst edits: those of a texts draft in progress, else those in service. */
  function textsInDraft(member: StaffSession): Record<string, string> {
    const draft = member.draft?.id === 'texts' ? (member.draft.content as { texts?: Record<string, string> }).texts : undefined;
    return draft ?? app.flows.bundle.texts ?? app.definitions.texts;
  }

  /** Saves a texts or theme draft if the analyser accepts it; else its reasons keyed by the form's fields. */
  async function contentDraft(member: StaffSession, id: string, content: unknown, fieldOf: (f: { field?: string | undefined }) => string | null): Promise<ActionResult> {
    if (JSON.stringify(app.flows.files[`${id}.json`]) === JSON.stringify(content)) return { kind: 'field-errors', errors: {}, message: TEXT.unchanged };
    const { report } = app.flows.check({ ...app.flows.files, [`${id}.json`]: content });
    const errors: Record<string, string> = {};
    const general: string[] = [];
    for (const f of report.findings.filter((x) => x.level === 'erro')) {
      const field = fieldOf(f);
      if (field) errors[field] = errors[field] ? `${errors[field]}; ${f.message}` : f.message;
      else general.push(`${f.where}: ${f.message}`);
    }
    if (!report.ok) return { kind: 'field-errors', errors, message: [TEXT.refused, ...general].join(' ') };
    await sessions.saveDraft(member.id, { id, content, baseVersion: member.draft?.id === id ? member.draft.baseVersion : app.flows.version });
    return { kind: 'navigate', to: '/ops/rascunho' };
  }

  staffAction('textos-busca', z.object({ busca: z.string().max(100).default('') }), async (input) => ({ kind: 'navigate', to: `/ops/textos?busca=${encodeURIComponent(input.busca.trim())}` }));

  staffAction(
    'texto',
    z.object({ chave: z.string().min(1).max(200), texto: z.string('@erro.campo-obrigatorio').min(1, '@erro.campo-obrigatorio').max(2000) }),
    async (input, member) => {
      const texts = textsInDraft(member);
      if (!(input.chave in texts)) return { kind: 'field-errors', errors: { texto: 'Este texto não existe: só textos existentes podem ser alterados aqui.' } };
      const content = textsFile({ ...texts, [input.chave]: input.texto });
      return contentDraft(member, 'texts', content, (f) => (f.field === input.chave ? 'texto' : null));
    },
    'publish',
  );

  staffAction(
    'tema',
    z.object({ parceiro: z.coerce.number().int().positive(), ...Object.fromEntries(THEME_FIELDS.map(([token]) => [token, z.string().max(20).optional()])) }) as unknown as z.ZodType<{ parceiro: number } & Record<string, string | undefined>>,
    async (input, member) => {
      const tokens: Record<string, string> = {};
      for (const [token] of THEME_FIELDS) if (input[token]?.trim()) tokens[token] = input[token]!.trim();
      const candidate = { kind: 'theme', id: `tema-${input.parceiro}`, partner: input.parceiro, title: `Tema do parceiro ${input.parceiro}`, tokens };
      const parsed = ThemeDefinition.safeParse(candidate);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) if (issue.path[0] === 'tokens' && typeof issue.path[1] === 'string') errors[issue.path[1]] = `"${tokens[issue.path[1]]}" ${issue.message}`;
        return { kind: 'field-errors', errors, message: TEXT.refused };
      }
      return contentDraft(member, parsed.data.id, parsed.data, (f) => (f.field && THEME_FIELDS.some(([t]) => t === f.field) ? f.field : f.field ? 'primary' : null));
    },
    'publish',
  );

  staffAction(
    'cards',
    z.object({ id: z.string().regex(/^[a-z0-9-]+$/), cards: z.array(z.record(z.string(), z.unknown())).min(1).max(100) }),
    async (input, member) => {
      const set = app.flows.bundle.definitions.find((d) => d.id === input.id && d.kind === 'cards');
      if (!set) return { kind: 'error', title: app.text('erro.titulo'), message: 'Definição não encontrada.' };
      const analysed = analyseDraft({ id: input.id, conteudo: JSON.stringify({ ...set, cards: input.cards }) });
      if ('kind' in analysed) return analysed;
      const reasons = Object.values(analysed.errors);
      if (reasons.length) return { kind: 'field-errors', errors: {}, message: `${TEXT.refused} ${reasons.join('; ')}` };
      await sessions.saveDraft(member.id, { id: input.id, content: analysed.content, baseVersion: app.flows.version });
      return { kind: 'navigate', to: '/ops/rascunho' };
    },
    'publish',
  );

  staffAction('discard', z.object({}).passthrough(), async (_input, member) => {
    await sessions.saveDraft(member.id, null);
    return { kind: 'navigate', to: '/ops', replace: true };
  });

  const requests = new OpsRequests(app.db);
  const requireApproval = app.config.opsRequireApproval;

  /** Publishes a request that is due (approved when required); the outcome is recorded on it. */
  async function runRequest(request: OpsRequest): Promise<string> {
    try {
      const published = await app.flows.publish({ files: request.files, author: request.author, approvedBy: request.approvedBy, comment: request.comment, baseVersion: request.baseVersion });
      await requests.finish(request.id, 'done', `publicado como v${published.version}`);
      return `Versão v${published.version} publicada.`;
    } catch (err) {
      const reason = err instanceof StaleVersionError ? TEXT.stale : err instanceof FlowRejectedError ? err.message : 'falha ao publicar';
      await requests.finish(request.id, 'refused', reason);
      if (!(err instanceof StaleVersionError || err instanceof FlowRejectedError)) app.log.error({ err, request: request.id }, 'ops request failed');
      return reason;
    }
  }

  // Every instance looks for due requests; the claim lets exactly one of them publish each. The
  // embedded database is this process's alone: once no request waits there, it is not asked again
  // until this process adds one (each ask is a query run inside the process).
  const embedded = app.db.kind === 'pglite';
  let waiting = true;
  let added = 0;
  const check = async () => {
    if (!waiting) return;
    const seen = added;
    await Promise.all((await requests.claimDue(requireApproval)).map(runRequest));
    if (embedded && added === seen && !(await requests.anyPending())) waiting = false;
  };
  const runner = setInterval(() => void check().catch((err: unknown) => app.log.error({ err }, 'ops requests check failed')), Math.max(500, app.config.FLOWS_POLL_MS || 1_000));
  runner.unref();
  app.addHook('onClose', async () => clearInterval(runner));

  staffAction(
    'publish',
    z.object({
      comentario: z.string('@erro.campo-obrigatorio').trim().min(1, '@erro.campo-obrigatorio').max(500),
      /** Date and time in Brasília (YYYY-MM-DDTHH:mm); empty publishes now. */
      agendar: z.string().trim().max(20).optional(),
    }),
    async (input, member, reply): Promise<ActionResult> => {
      if (!member.draft) return { kind: 'error', title: app.text('erro.titulo'), message: TEXT.noDraft };
      const files = { ...app.flows.files, [`${member.draft.id}.json`]: member.draft.content };
      let runAt: Date | null = null;
      if (input.agendar) {
        const at = dayjs.tz(input.agendar.replace(' ', 'T'), BRAZIL_TZ);
        if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}$/.test(input.agendar) || !at.isValid()) return { kind: 'field-errors', errors: { agendar: 'Use data e hora no formato AAAA-MM-DD HH:MM (horário de Brasília).' } };
        if (at.valueOf() <= Date.now()) return { kind: 'field-errors', errors: { agendar: 'Escolha uma data e hora no futuro (horário de Brasília).' } };
        runAt = at.toDate();
      }
      if (runAt || requireApproval) {
        const { report } = app.flows.check(files);
        if (!report.ok) return { kind: 'field-errors', errors: {}, message: formatReport(report) };
        if (member.draft.baseVersion !== app.flows.version) return { kind: 'error', title: app.text('erro.titulo'), message: TEXT.stale };
        const request = await requests.create({
          definition: member.draft.id,
          files,
          baseVersion: member.draft.baseVersion,
          author: member.login,
          comment: input.comentario,
          diff: diffFiles(app.flows.files, files),
          runAt,
        });
        added++;
        waiting = true;
        await sessions.saveDraft(member.id, null);
        const when = runAt ? ` para ${formatDateTime(runAt)} (horário de Brasília)` : '';
        const message = requireApproval ? `Pedido #${request.id} aguarda a aprovação de outra pessoa${when}.` : `Publicação agendada${when}.`;
        securityEvent(reply.request, 'flow.published', { staff: member.login, outcome: 'success', reason: requireApproval ? 'awaits-approval' : 'scheduled', target: `pedido-${request.id}` });
        return { kind: 'snackbar', message, to: '/ops/pedidos' };
      }
      try {
        const published = await app.flows.publish({ files, author: member.login, comment: input.comentario, baseVersion: member.draft.baseVersion });
        securityEvent(reply.request, 'flow.published', { staff: member.login, outcome: 'success', target: `v${published.version}` });
        await sessions.saveDraft(member.id, null);
        return { kind: 'snackbar', message: `Versão v${published.version} publicada.`, to: '/ops/historico' };
      } catch (err) {
        if (err instanceof FlowRejectedError) return { kind: 'field-errors', errors: {}, message: err.message };
        if (err instanceof StaleVersionError) return { kind: 'error', title: app.text('erro.titulo'), message: TEXT.stale };
        throw err;
      }
    },
    'publish',
  );

  staffAction(
    'aprovar',
    z.object({ pedido: z.number().int().positive() }),
    async (input, member, reply): Promise<ActionResult> => {
      const request = await requests.get(input.pedido);
      if (!request || request.status !== 'pending') return { kind: 'error', title: app.text('erro.titulo'), message: 'Este pedido não está mais pendente.' };
      if (request.author === member.login) {
        securityEvent(reply.request, 'access.refused', { staff: member.login, reason: 'own-request', target: `pedido-${request.id}` });
        return { kind: 'error', title: app.text('erro.titulo'), message: 'Outra pessoa precisa aprovar: você fez este pedido.' };
      }
      if (!(await requests.approve(request.id, member.login))) return { kind: 'error', title: app.text('erro.titulo'), message: 'Este pedido não está mais pendente.' };
      securityEvent(reply.request, 'flow.approved', { staff: member.login, outcome: 'success', target: `pedido-${request.id}` });
      if (request.runAt) return { kind: 'snackbar', message: `Pedido #${request.id} aprovado; será publicado em ${formatDateTime(request.runAt)} (horário de Brasília).`, to: '/ops/pedidos' };
      const [claimed] = (await requests.claimDue(requireApproval)).filter((r) => r.id === request.id);
      const message = claimed ? await runRequest(claimed) : `Pedido #${request.id} aprovado.`;
      return { kind: 'snackbar', message, to: '/ops/pedidos' };
    },
    'approve',
  );

  staffAction(
    'cancelar',
    z.object({ pedido: z.number().int().positive() }),
    async (input, member) => {
      const request = await requests.get(input.pedido);
      if (!request || (request.author !== member.login && member.role !== 'approver')) return { kind: 'error', title: app.text('erro.titulo'), message: 'Só quem fez o pedido ou quem aprova pode cancelá-lo.' };
      const cancelled = await requests.cancel(request.id);
      return { kind: 'snackbar', message: cancelled ? `Pedido #${request.id} cancelado.` : 'Este pedido não está mais pendente.', to: '/ops/pedidos' };
    },
    'publish',
  );

  // An approver ends every session of one customer (customer-sessions.ts).
  staffAction('encerrar-sessoes', EndSessionsInput, async (input, member, reply) => endCustomerSessions(app, input, member, reply.request), 'approve');

  // The audit, exportable: every version with author, time (Brasília), origin, comment and diff, then the requests.
  app.get('/api/ops/auditoria.csv', { config: { consoleRoles: ROLES_FOR.staff } }, async (_request, reply) => {
    const csv = auditCsv(await app.flows.history(), await requests.list(500), requireApproval);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="auditoria-console.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });

  staffAction(
    'rollback',
    z.object({ versao: z.number().int().positive(), base: z.number().int().positive() }),
    async (input, member, reply) => {
      try {
        const published = await app.flows.rollback({ version: input.versao, author: member.login, comment: '', baseVersion: input.base });
        securityEvent(reply.request, 'flow.rolled-back', { staff: member.login, outcome: 'success', target: `v${input.versao}→v${published.version}` });
        return { kind: 'snackbar', message: `v${input.versao} voltou a valer como v${published.version}.`, to: '/ops/historico' };
      } catch (err) {
        if (err instanceof FlowRejectedError) return { kind: 'error', title: app.text('erro.titulo'), message: err.message };
        if (err instanceof StaleVersionError) return { kind: 'error', title: app.text('erro.titulo'), message: TEXT.stale };
        throw err;
      }
    },
    'publish',
  );
}
