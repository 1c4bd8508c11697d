import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SCHEMA_VERSION, type ComponentNode, type ScreenDocument, type ScreenResponse } from '../../../../screens/contract/index.js';
import type { ConsoleRoute } from '../../../../screens/contract/console-routes.js';
import { matchRoute } from '../../composition/route-table.js';
import { fillTemplate, textFunction, type ViewModel } from '../../composition/template.js';
import { securityEvent } from '../../security/security-events.js';
import { FRAME_SCREEN, NOT_FOUND_SCREEN, REFUSED_SCREEN, type ConsoleDefinitions } from './console-definitions.js';
import type { StaffSession } from './staff-sessions.js';
import { canPublish, ROLES_FOR, type StaffRole } from './staff.js';

/** What a console page's loader is given: the request, the staff member, the address's parameters and query. */
export interface PageContext {
  request: FastifyRequest;
  reply: FastifyReply;
  member: StaffSession;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The console's text `key`, its placeholders filled from `values`. */
  text(key: string, values?: unknown): string;
}

/** A console page's loader: what its layout is filled with (already formatted), where to go instead, or that the address names nothing. */
export type PageLoader = (ctx: PageContext) => Promise<ViewModel | { redirect: string } | { notFound: true }>;

/**
 * The console's pages on the customers' pipeline: the console's route table → the staff member
 * (the sign-in page is the one page served before one is known) → the route's roles → the page's
 * loader, registered by screen name → its layout filled with the console's texts → inside the
 * console's frame → the same capability downgrade and contract check as every screen.
 */
export function consolePages(app: FastifyInstance, screens: ConsoleDefinitions, prefix: string) {
  const loaders = new Map<string, PageLoader>();
  const routes = screens.table.routes;
  const text = (key: string, values: unknown = {}) => textFunction(screens.texts, key)(values);

  function fill(screen: string, model: unknown): { title: string; layout: ComponentNode[] } {
    const layout = screens.layouts.get(screen);
    if (!layout) throw new Error(`no console layout for ${screen}`);
    return { title: fillTemplate(layout.title, model, screens.texts) as string, layout: fillTemplate(layout.layout, model, screens.texts) as ComponentNode[] };
  }

  async function document(request: FastifyRequest, screen: string, route: string, title: string, layout: ComponentNode[]): Promise<ScreenDocument> {
    const partner = await app.partners.forRequest(request);
    return app.screens.finish(request, { schemaVersion: SCHEMA_VERSION, kind: 'screen', screen, route, title, partner: partner.branding, chrome: 'public', layout, modals: [], meta: { definitions: `v${app.flows.version}` } });
  }

  /** Who is in and what the page may show them; every page's model carries it as `membro`. */
  const memberModel = (member: StaffSession) => ({
    login: member.login,
    papel: text(`ops.papel.${member.role}`),
    podePublicar: canPublish(member.role),
    aprova: member.role === 'approver',
  });

  /** A page filled with its model and set inside the frame, its section marked as current. */
  async function page(request: FastifyRequest, member: StaffSession, screen: string, route: string, section: string | undefined, model: ViewModel): Promise<ScreenDocument> {
    const common = { membro: memberModel(member), versao: app.flows.version };
    const own = fill(screen, { ...common, ...model });
    const secoes = screens.table.sections.map((s) => ({ label: text(s.label.slice(1)), to: s.to, ...(s.to === section ? { current: true } : {}) }));
    const frame = fill(FRAME_SCREEN, { ...common, secoes, conteudo: own.layout });
    return document(request, screen, route, own.title, frame.layout);
  }

  const redirect = (to: string): ScreenResponse => ({ schemaVersion: SCHEMA_VERSION, kind: 'redirect', to });

  app.screens.mount(prefix, async (request, reply, url) => {
    const route = `${url.pathname}${url.search}`;
    const member = await app.staffSignIn.member(request, reply);
    // The sign-in page: its own content (capabilities/ops/sign-in), drawn before anyone is signed in.
    if (url.pathname === screens.table.signIn) return member ? redirect(prefix) : document(request, 'ops-entrar', route, text('ops.titulo'), app.staffSignIn.page(url));
    if (!member) return redirect(screens.table.signIn);

    const match = matchRoute<ConsoleRoute>(routes, url.pathname);
    if (!match) return page(request, member, NOT_FOUND_SCREEN, route, undefined, {});
    if (!(ROLES_FOR[match.route.roles] as readonly StaffRole[]).includes(member.role)) {
      securityEvent(request, 'access.refused', { reason: 'role', staff: member.login, target: match.route.path });
      return page(request, member, REFUSED_SCREEN, route, match.route.section, {});
    }
    const loader = loaders.get(match.route.screen);
    if (!loader) throw new Error(`no loader for console screen ${match.route.screen}`);
    const loaded = await loader({ request, reply, member, params: match.params, query: url.searchParams, text });
    if ('redirect' in loaded && typeof loaded.redirect === 'string') return redirect(loaded.redirect);
    if ('notFound' in loaded && loaded.notFound === true) return page(request, member, NOT_FOUND_SCREEN, route, undefined, {});
    return page(request, member, match.route.screen, route, match.route.section, loaded);
  });

  return {
    /** Registers the loader of a console screen (once per screen). */
    register(screen: string, loader: PageLoader) {
      if (loaders.has(screen)) throw new Error(`console loader registered twice: ${screen}`);
      if (!routes.some((r) => r.screen === screen)) throw new Error(`console screen without a route: ${screen}`);
      loaders.set(screen, loader);
    },
    /** Every routed screen has its loader (checked once the capability has registered them). */
    check() {
      const missing = routes.filter((r) => !loaders.has(r.screen)).map((r) => r.screen);
      if (missing.length) throw new Error(`console screens without a loader: ${missing.join(', ')}`);
    },
    text,
  };
}

export type ConsolePages = ReturnType<typeof consolePages>;
