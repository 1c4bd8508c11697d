import fp from 'fastify-plugin';
import { securityEvent } from '../security/security-events.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  RENDERER_CAPABILITIES_HEADER,
  RENDERER_VERSION_HEADER,
  SCHEMA_VERSION,
  SCREEN_PARTS_HEADER,
  SCREEN_PARTS_WAIT,
  ScreenResponse,
  type ComponentNode,
  type RedirectDocument,
  type ScreenDocument,
  type ScreenResponse as ScreenResponseType,
} from '../../../screens/contract/index.js';
import { downgrade, parseCapabilities } from './capabilities.js';
import { withFormEngines } from './form-engine.js';
import { guard } from './guard.js';
import { inNativeWrapper } from './client-platform.js';
import { screenCaching, storeNowhere } from './screen-etag.js';
import { matchRoute, type ScreenRoute } from './route-table.js';
import { requestTarget, requestTargetOrHome } from '../security/local-target.js';
import { fillTemplate, type ViewModel } from './template.js';
import { AppError } from '../errors.js';
import { Deadline } from '../upstream/deadline.js';
import type { CustomerUpstream } from '../upstream/customer-upstream.js';
import { ScreenParts, type Secondary } from './screen-parts.js';
import { LateParts } from './late-parts.js';
import type { ResolvedPartner } from './partner.js';

export interface ScreenContext {
  request: FastifyRequest;
  reply: FastifyReply;
  partner: ResolvedPartner;
  route: ScreenRoute;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Present on protected screens (the guard let a logged-in customer through). */
  upstream: CustomerUpstream | null;
  /**
   * A secondary call: when it fails, or is still running past its budget, its part is dropped (the
   * fallback stands in) and the rest renders.
   */
  secondary: Secondary;
  /** Whether a part was dropped so far, late or failed (to show the spec's message in its place). */
  dropped(part: string): boolean;
  /** Whether a part is late: the layout draws a `pending` node for it (`pending.<part>`), the follow-up brings it. */
  pending(part: string): boolean;
}

/** A loader fetches what a screen needs and returns its view model (already formatted), or a redirect. */
export type ScreenLoader = (ctx: ScreenContext) => Promise<ViewModel | { redirect: string }>;

/** Screens that live outside the customer route table (the operations console), by path prefix. */
export type MountedScreens = (request: FastifyRequest, reply: FastifyReply, url: URL) => Promise<ScreenResponseType>;

declare module 'fastify' {
  interface FastifyInstance {
    screens: {
      register(screen: string, loader: ScreenLoader): void;
      /** Serves every path under `prefix` with `handler` (its own auth, never the customer guard). */
      mount(prefix: string, handler: MountedScreens): void;
      /** Capability downgrade and contract check, as for every customer screen. */
      finish(request: FastifyRequest, document: ScreenDocument): ScreenDocument;
      /**
       * The document `GET /api/screens?path=` answers for a path (route table → guard → loader →
       * layout); the page uses it to carry the first screen inside the HTML.
       */
      compose(request: FastifyRequest, reply: FastifyReply, path: string): Promise<ScreenResponseType>;
      /**
       * Whether a path is one the app serves on the request's host (a route of the table on a
       * partner's host, a mounted prefix on the console's): where a redirect may lead.
       */
      known(request: FastifyRequest, pathname: string): boolean;
      /** Whether an address (path and query, as asked) names nothing the app serves on the request's host: it answers 404 with the not-found screen. */
      namesNothing(request: FastifyRequest, path: string): boolean;
    };
  }
}

const ScreenQuery = z.object({ path: z.string().startsWith('/', 'path deve começar com /').max(2048) });

/**
 * The route asked for, always on our own origin: `//x` is a path here, never a host (a
 * protocol-relative reference would make `new URL` throw or leave the app).
 */
export function screenUrl(path: string): URL | null {
  try {
    const url = new URL(`http://app.local${path}`);
    return url.host === 'app.local' ? url : null;
  } catch {
    return null;
  }
}

/** A redirect, only ever to a known path of this origin (anything else goes to /home). */
function redirect(request: FastifyRequest, to: string): RedirectDocument {
  return { schemaVersion: SCHEMA_VERSION, kind: 'redirect', to: requestTargetOrHome(request, to) };
}

/** A native wrapper says so in its platform header; a mobile browser in its user agent. */
function isMobile(request: FastifyRequest): boolean {
  if (inNativeWrapper(request)) return true;
  return /Android|iPhone|iPad|iPod|Mobile/i.test(request.headers['user-agent'] ?? '');
}

/** GET /api/screens?path=…: route table → guard → loader → layout → capability downgrade. */
export default fp(
  async (app) => {
    const loaders = new Map<string, ScreenLoader>();
    const mounts = new Map<string, MountedScreens>();
    // The calls of late parts, for the renderer's follow-up; the screen's deadline ends them by then.
    const lateParts = new LateParts(app.config.SCREEN_DEADLINE_MS);
    function finish(request: FastifyRequest, document: ScreenDocument): ScreenDocument {
      const done = {
        ...document,
        layout: withFormEngines(downgrade(document.layout, parseCapabilities(request.headers[RENDERER_CAPABILITIES_HEADER], request.headers[RENDERER_VERSION_HEADER]))),
        modals: document.modals.map((modal) => ({ ...modal, body: withFormEngines(modal.body) })),
      };
      if (app.config.validateScreens) {
        const check = ScreenResponse.safeParse(done);
        if (!check.success) throw new Error(`screen ${document.screen} breaks the contract: ${JSON.stringify(check.error.issues.slice(0, 3))}`);
      }
      return done;
    }
    const mounted = (pathname: string) => {
      for (const prefix of mounts.keys()) if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return true;
      return false;
    };
    // The mounted screens (the console) answer on the console's host alone, the route table on the
    // partners' hosts alone (security/console-host.ts).
    const known = (request: FastifyRequest, pathname: string) => (app.consoleHost.is(request) ? mounted(pathname) : matchRoute(app.definitions.routes, pathname) !== null);
    app.decorate('screens', {
      register(screen: string, loader: ScreenLoader) {
        if (loaders.has(screen)) throw new Error(`screen loader registered twice: ${screen}`);
        loaders.set(screen, loader);
      },
      mount(prefix: string, handler: MountedScreens) {
        mounts.set(prefix, handler);
      },
      finish,
      compose: (request: FastifyRequest, reply: FastifyReply, path: string) => compose(request, reply, path),
      known,
      namesNothing: (request: FastifyRequest, path: string) => {
        const url = screenUrl(path);
        // The console host's front door leads to the console: not a 404.
        return url === null || !(known(request, url.pathname) || (url.pathname === '/' && app.consoleHost.is(request)));
      },
    });

    app.get('/api/screens', { onSend: screenCaching }, async (request, reply) => {
      const parsed = ScreenQuery.safeParse(request.query);
      if (!parsed.success) throw new AppError('request.invalid', { detail: parsed.error.issues[0]?.message });
      const document = await compose(request, reply, parsed.data.path);
      // A path that names nothing is a 404 whose body is still its document ("Página não encontrada"), which the renderer draws.
      if (app.screens.namesNothing(request, parsed.data.path)) reply.code(404);
      return document;
    });

    async function compose(request: FastifyRequest, reply: FastifyReply, path: string): Promise<ScreenResponseType> {
      const url = screenUrl(path);
      if (!url) throw new AppError('request.invalid', { detail: 'path' });
      const wanted = `${url.pathname}${url.search}`;
      if (app.consoleHost.is(request)) {
        for (const [prefix, handler] of mounts) {
          if (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)) return handler(request, reply, url);
        }
        // Nothing of the customers' app on the console's host: its front page instead.
        return redirect(request, mounts.keys().next().value ?? '/');
      }

      const match = matchRoute(app.definitions.routes, url.pathname);
      const route: ScreenRoute = match && 'screen' in match.route ? match.route : notFoundRoute;
      if (match && 'redirect' in match.route) return redirect(request, match.route.redirect);

      const session = request.session;
      const decision = guard(app.flows.table('guard'), route, wanted, {
        authenticated: session !== null,
        quotaSelected: Boolean(session?.data.quota),
        mobile: isMobile(request),
        passwordExpired: session?.data.customer.senhaExpirada === true,
        mfaPending: session?.data.mfa?.pending === true,
        transparent: session?.data.transparent === true,
        mandatoryUpdate: session?.data.mandatoryUpdate === true,
        appUpdateRequired: await app.appVersions.updateRequired(request),
      });
      if (decision.kind === 'redirect') {
        if (decision.refused) securityEvent(request, 'access.refused', { reason: `guard:${decision.refused}`, target: route.path });
        return redirect(request, decision.to);
      }
      if (route.access === 'protected') storeNowhere(request);

      const partner = await app.partners.forRequest(request);
      // Counted for the analysts by flow step (or route), in memory: no write on this path.
      app.analytics.atScreen(request, partner.branding.id, route.path, url.searchParams);
      // The screen's deadline reaches every upstream call it makes, and is cleared once the screen
      // is composed.
      const deadline = new Deadline(app.config.SCREEN_DEADLINE_MS);
      request.deadline = deadline;
      // The renderer's follow-up for a screen it was given with a part pending waits for every part.
      const followUp = request.headers[SCREEN_PARTS_HEADER] === SCREEN_PARTS_WAIT;
      const parts = new ScreenParts({ followUp, late: session ? lateParts.of(session.id, wanted) : null });
      try {
        const ctx: ScreenContext = {
          secondary: parts.secondary,
          dropped: (part) => parts.has(part),
          pending: (part) => parts.pending(part),
          request,
          reply,
          partner,
          route,
          params: match?.params ?? {},
          query: url.searchParams,
          upstream: session ? request.customerUpstream() : null,
        };
        let loaded: ViewModel | { redirect: string };
        try {
          loaded = (await loaders.get(route.screen)?.(ctx)) ?? {};
        } catch (err) {
          app.analytics.failed(request, err);
          throw err;
        }
        // One line per degraded screen: which parts were dropped and why (late, or status and path), never data.
        if (parts.dropped.length > 0) {
          request.log.warn({ screen: route.screen, dropped: parts.dropped }, 'screen degraded');
          app.analytics.partsDropped(request, parts.dropped);
          if (parts.dropped.some((d) => d.reason === 'failed')) app.analytics.failed(request);
        }
        if ('redirect' in loaded && typeof loaded.redirect === 'string') return redirect(request, loaded.redirect);
        const document = render(route.screen, wanted, ctx, { ...loaded, pending: parts.pendingParts() });
        // The follow-up completes the visit the first answer counted.
        if (!followUp) app.analytics.arrived(request);
        return document;
      } finally {
        // The calls of late parts go on after the answer, still bound by the screen's deadline.
        if (parts.running.length === 0) deadline.clear();
        else void Promise.allSettled(parts.running).then(() => deadline.clear());
      }
    }

    const notFoundRoute: ScreenRoute = { path: '*', screen: 'nao-encontrada', access: 'public', needsQuota: false, transparentLogin: false, mandatoryUpdateExempt: false, passwordChangeExempt: false, appUpdateExempt: false };

    function render(screen: string, route: string, ctx: ScreenContext, loaded: ViewModel): ScreenDocument {
      const layout = app.definitions.layouts.get(screen);
      if (!layout) throw new Error(`no layout for screen ${screen}`);
      const voltar = requestTarget(ctx.request, ctx.query.get('voltar'));
      const model = {
        partner: { name: ctx.partner.branding.name },
        voltar: voltar ?? '',
        query: voltar ? `?voltar=${encodeURIComponent(voltar)}` : '',
        ...loaded,
      };
      const texts = app.definitions.texts;
      const nodes = fillTemplate(layout.layout, model, texts) as ComponentNode[];
      const modals = layout.modals ? (fillTemplate(layout.modals, model, texts) as ScreenDocument['modals'] | undefined) : undefined;
      const document: ScreenDocument = {
        schemaVersion: SCHEMA_VERSION,
        kind: 'screen',
        screen,
        route,
        title: fillTemplate(layout.title, model, texts) as string,
        partner: ctx.partner.branding,
        chrome: layout.chrome,
        layout: nodes,
        modals: modals ?? [],
        meta: { definitions: `v${app.flows.version}` },
      };
      return finish(ctx.request, document);
    }
  },
  { name: 'screens', dependencies: ['definitions', 'flows', 'partner', 'session', 'app-versions', 'analytics', 'console-host'] },
);
