import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { compressBody } from '../../composition/compression.js';
import { inNativeWrapper } from '../../composition/client-platform.js';
import { escapeHtml, firstScreenElement, firstScreens, lazyChunks, loadScreenDrawer, nativeSubmitGuard, themeStyle, type ScreenDrawer } from './first-screen.js';
import { headMeta, robotsTxt } from './page-meta.js';

/** What the server drew of a page's first screen: the page title (null: the page's own), head elements, and the root's markup. */
interface Drawn {
  title: string | null;
  head: string;
  root: string;
}

/** What the build writes where the per-response nonce goes (renderer/vite.config.ts). */
export const NONCE_PLACEHOLDER = 'CSP_NONCE_PLACEHOLDER';

/** The root of a server-drawn page: drawn, but its controls work only once the renderer has hydrated it (renderer/src/main.tsx removes the marks). */
const NOT_YET_WORKING_ROOT = '<div id="root" aria-disabled="true" aria-busy="true">';

/** The page's policy: scripts and styles only from here and with this response's nonce. */
export function pageCsp(nonce: string, upstreamOrigin: string, frameAncestors: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    `img-src 'self' data: blob: ${upstreamOrigin}`,
    "font-src 'self'",
    "connect-src 'self'",
    // The partner's manifest and the service worker (/sw.js), from here only.
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.length ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

/**
 * The renderer's style sheet inside the page instead of linked (it is small, docs/performance.md):
 * the first paint of a server-drawn screen waits for no other request. A sheet that could close its element
 * (or refers to other files) stays linked.
 */
export function inlineStyleSheets(page: string, root: string): string {
  return page.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)" nonce="(\w+)">/g, (link, file: string, nonce: string) => {
    const path = resolve(root, file);
    const css = existsSync(path) ? readFileSync(path, 'utf8') : '';
    return css === '' || /<\/|url\(/i.test(css) ? link : `<style nonce="${nonce}">${css}</style>`;
  });
}

/**
 * The service worker's own policy: it only fetches from here (its page's navigations, the offline
 * page and its icon) and loads nothing else.
 */
export const WORKER_CSP = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'";

/** The service worker's script, as the build writes it (renderer/vite.config.ts). */
const isWorkerScript = (path: string) => /[\\/]sw\.js(?:\.(?:br|gz))?$/.test(path);

/** Hashed build output never changes under its name; anything else is revalidated hourly (the service worker at every check: a new one is seen at once). */
export function assetCacheControl(path: string): string {
  if (isWorkerScript(path)) return 'no-cache';
  return /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(?:\.(?:br|gz))?$/.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

/**
 * Serves the built renderer: assets as static files; any other GET outside /api and /health gets
 * index.html (history-mode routing) with a fresh CSP nonce, and frame-ancestors from the
 * partner's allowlist (none by default).
 */
export default fp(
  async (app) => {
    const root = resolve(app.config.RENDERER_DIR);
    const indexFile = resolve(root, 'index.html');
    const built = existsSync(indexFile);
    const page = built ? inlineStyleSheets(readFileSync(indexFile, 'utf8'), root) : '';
    const upstreamOrigin = new URL(app.config.UPSTREAM_URL).origin;
    if (built) {
      await app.register(fastifyStatic, {
        root,
        index: false,
        wildcard: false,
        // The page is never a static file: it carries a fresh nonce (sendPage). The compressed
        // copies are reached through content negotiation, not by their own names.
        globIgnore: ['index.html', '**/*.br', '**/*.gz', '.vite/**'],
        preCompressed: true,
        // A range of a script is of no use to a browser; the whole file is answered.
        acceptRanges: false,
        cacheControl: false,
        setHeaders: (reply, path) => {
          reply.header('cache-control', assetCacheControl(path));
          if (isWorkerScript(path)) reply.header('content-security-policy', WORKER_CSP);
        },
      });
    } else {
      app.log.warn({ root }, 'renderer not built: run `npm run build`');
    }

    const chunks = lazyChunks(root);
    let drawer: ScreenDrawer | null = null;
    try {
      drawer = built ? await loadScreenDrawer(resolve(app.config.RENDERER_SSR_DIR), app.log) : null;
    } catch (err) {
      app.log.error({ err }, 'renderer server entry not loaded: pages carry the first screen without its markup');
    }

    /**
     * The first screen drawn on the server, so the browser paints it with the HTML and the renderer
     * hydrates it. Not inside a native wrapper (its renderer asks for the wrapper's own screen and
     * draws from scratch). A drawing failure leaves the page as it was without it.
     */
    async function drawnMarkup(request: FastifyRequest, docs: Parameters<ScreenDrawer['render']>[1], nonce: string): Promise<Drawn> {
      const none = { title: null, head: '', root: '' };
      if (!drawer || inNativeWrapper(request)) return none;
      try {
        const drawn = await drawer.render(request.url, docs);
        return drawn ? { title: drawn.title, head: `${nativeSubmitGuard(nonce)}${themeStyle(drawn.themeCss, nonce)}`, root: drawn.html } : none;
      } catch (err) {
        request.log.warn({ err }, 'first screen not drawn on the server: the renderer draws it');
        return none;
      }
    }

    /**
     * The first screen (and the redirects to it) inside the page, with module-preloads for the
     * lazy chunks it needs: the renderer draws without asking again. Per customer, so the page is
     * `no-store` and varies by cookie. A HEAD, or a screen that fails, gets the bare page.
     */
    async function firstScreenMarkup(request: FastifyRequest, reply: FastifyReply, nonce: string): Promise<Drawn & { body: string }> {
      const bare = { title: null, head: '', root: '', body: '' };
      if (request.method !== 'GET') return bare;
      try {
        await app.loadSession(request);
        const docs = await firstScreens(request.url, (path) => app.screens.compose(request, reply, path));
        const element = firstScreenElement(docs, nonce);
        const preloads = chunks
          .preloadsFor(element)
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" nonce="${nonce}">`)
          .join('');
        const drawn = await drawnMarkup(request, docs, nonce);
        return { ...drawn, head: `${drawn.head}${preloads}`, body: element };
      } catch (err) {
        request.log.debug({ err }, 'first screen not carried in the page');
        return bare;
      }
    }

    async function sendPage(request: FastifyRequest, reply: FastifyReply) {
      const nonce = randomBytes(16).toString('base64');
      const { partner, branding } = await app.partners.forRequest(request);
      const first = await firstScreenMarkup(request, reply, nonce);
      // The page's own title names the partner when no screen was drawn; a shared link shows it too.
      const title = first.title ?? branding.name;
      const meta = headMeta({ title, siteName: branding.name, description: app.text('app.descricao', { parceiro: branding.name }), iconUrl: branding.iconUrl, themeColor: branding.theme.primary });
      // Functions as replacements: `$` in a screen's text is not a replacement pattern.
      const html = page
        .replaceAll(NONCE_PLACEHOLDER, nonce)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
        .replace('</head>', () => `${meta}${first.head}</head>`)
        .replace('<div id="root"></div>', () => `${first.root === '' ? '<div id="root">' : NOT_YET_WORKING_ROOT}${first.root}</div>${first.body}`);
      // An address that names nothing is a 404, its page the not-found screen like any other's.
      if (app.screens.namesNothing(request, request.url)) reply.code(404);
      return reply
        .header('cache-control', 'no-store')
        .header('vary', 'cookie')
        .header('content-security-policy', pageCsp(nonce, upstreamOrigin, partner.frame_ancestors ?? []))
        .type('text/html; charset=utf-8')
        .send(await compressBody(request, reply, html));
    }

    // What search engines may list: the public pages only (page-meta.ts).
    const robots = robotsTxt(app.definitions.routes);
    app.get('/robots.txt', async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots));

    app.setNotFoundHandler((request, reply) => {
      const api = request.url.startsWith('/api/') || request.url.startsWith('/health/');
      if ((request.method !== 'GET' && request.method !== 'HEAD') || api) {
        return reply.code(404).send({ kind: 'error', title: app.text('erro.titulo'), message: app.text('erro.acao-desconhecida') });
      }
      if (!built) return reply.code(503).type('text/plain; charset=utf-8').send('Renderer não compilado: rode `npm run build`.');
      return sendPage(request, reply);
    });
  },
  { name: 'renderer', dependencies: ['config', 'definitions', 'partner', 'session', 'screens'] },
);
