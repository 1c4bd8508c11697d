import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { LAZY_PARTS } from '../../../../renderer/src/lib/lazy-parts.js';
import type { ScreenResponse } from '../../../../screens/contract/index.js';

/** The id of the element that carries the first screen inside the page (renderer/src/lib/first-screen.ts). */
export const FIRST_SCREEN_ID = 'primeiras-telas';

/** How many redirects the page follows on the server before giving the renderer the rest. */
export const MAX_REDIRECTS = 3;

/**
 * The documents a navigation needs before it can draw: the screen of the path, or the redirects
 * from it and the screen they lead to, keyed by path. A failure leaves the renderer to ask (and
 * show the error as it always does): the page never fails because of a screen.
 */
export async function firstScreens(path: string, compose: (path: string) => Promise<ScreenResponse>): Promise<Record<string, ScreenResponse>> {
  const out: Record<string, ScreenResponse> = {};
  let wanted = path;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (Object.hasOwn(out, wanted)) break;
    const doc = await compose(wanted);
    out[wanted] = doc;
    if (doc.kind !== 'redirect' || !doc.to.startsWith('/') || doc.to.startsWith('//')) break;
    wanted = doc.to;
  }
  return out;
}

/**
 * A server-drawn form is a real `<form>` before the renderer hydrates it: a tap on its button (or
 * Enter in a field) would submit it natively — a GET of the page with every field, the password
 * too, in the address, the history and the access logs. This listener hears every submit first
 * (capture, on the document) and cancels the native submission; the renderer's own handler still
 * runs once it has hydrated and submits through the API as always.
 */
export function nativeSubmitGuard(nonce: string): string {
  return `<script nonce="${nonce}">document.addEventListener('submit',function(e){e.preventDefault()},true)</script>`;
}

/**
 * JSON inside `<script type="application/json">`: never executed (so the CSP does not apply), and
 * `<` escaped so no text of a document can close the element.
 */
export function firstScreenElement(docs: Record<string, ScreenResponse>, nonce: string): string {
  const json = JSON.stringify(docs).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${FIRST_SCREEN_ID}" nonce="${nonce}">${json}</script>`;
}

const Manifest = z.record(z.string(), z.object({ file: z.string(), imports: z.array(z.string()).optional(), isDynamicEntry: z.boolean().optional() }));

/** The lazy chunks a document will ask for at once, by what it contains (the Vite manifest names their files). */
export interface LazyChunks {
  /** Module-preload links for the chunks this document needs. */
  preloadsFor(json: string): string[];
}

export function lazyChunks(root: string): LazyChunks {
  const file = resolve(root, '.vite', 'manifest.json');
  const parsed = existsSync(file) ? Manifest.safeParse(JSON.parse(readFileSync(file, 'utf8'))) : null;
  const manifest = parsed?.success ? parsed.data : {};
  const filesOf = (key: string, seen = new Set<string>()): string[] => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return [];
    seen.add(key);
    return [entry.file, ...(entry.imports ?? []).flatMap((k) => filesOf(k, seen))];
  };
  const links = LAZY_PARTS.map(({ source, when }) => ({ when, files: filesOf(source) }));
  return {
    preloadsFor(json) {
      return [...new Set(links.filter((l) => l.when.test(json)).flatMap((l) => l.files))];
    },
  };
}

/** A first screen the renderer's server entry drew (renderer/src/entry-server.tsx). */
const DrawnScreen = z.object({ path: z.string(), html: z.string(), title: z.string(), themeCss: z.string() });
export type DrawnScreen = z.infer<typeof DrawnScreen>;

export interface ScreenDrawer {
  /** The markup of the screen a navigation to `path` ends on, from the documents the page carries; null when there is none. */
  render(path: string, docs: Record<string, ScreenResponse>): Promise<DrawnScreen | null>;
}

/**
 * The renderer's server entry, when it was built (`npm run build` writes it beside the renderer);
 * null without it, and the page carries the documents only, as before.
 */
export async function loadScreenDrawer(dir: string, log: FastifyBaseLogger): Promise<ScreenDrawer | null> {
  const file = resolve(dir, 'entry-server.js');
  if (!existsSync(file)) {
    log.info({ file }, 'renderer server entry not built: pages carry the first screen without its markup');
    return null;
  }
  const entry = (await import(pathToFileURL(file).href)) as { render?: unknown; warm?: unknown };
  const render = entry.render;
  if (typeof render !== 'function') throw new Error(`${file} exports no render function`);
  if (typeof entry.warm === 'function') await entry.warm();
  return {
    async render(path, docs) {
      const drawn: unknown = await render(path, docs);
      return drawn === null ? null : DrawnScreen.parse(drawn);
    },
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for the page's markup (the title). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** The partner's colours for the head (`html:root` outranks the style sheet's defaults); nothing that could leave the element. */
export function themeStyle(themeCss: string, nonce: string): string {
  return themeCss === '' || /[<>{}\\]/.test(themeCss) ? '' : `<style nonce="${nonce}">html:root{${themeCss}}</style>`;
}
