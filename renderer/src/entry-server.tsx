/**
 * The renderer on the server (`vite build --ssr`, dist/renderer-ssr/entry-server.js): draws the
 * first screen of a page from the documents the page carries, so the browser paints it with the
 * HTML; the renderer then hydrates it (main.tsx). Only what those documents contain is drawn.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Screens } from './app/app.js';
import { preloadAllParts, preloadPartsFor } from './app/lazy-parts.js';
import { drawnPath, FirstScreenContext, type FirstScreens } from './lib/first-screen.js';
import { themeVariables } from './lib/theme.js';

/** A first screen drawn on the server. */
export interface DrawnScreen {
  /** The path drawn: the one asked for, or where its redirects end (the renderer goes there before hydrating). */
  path: string;
  /** The markup of the root element's content. */
  html: string;
  /** The page title the renderer would set (plain text, not escaped). */
  title: string;
  /** The partner's colours as CSS custom properties (`--color-primary: #123456;` …), values that are plain colours only. */
  themeCss: string;
}

/** Components of the operations console that set inline styles (refused by the page's CSP): left to the browser. */
const NOT_DRAWN_HERE = /"type":"theme-preview"/;

/** A colour value that can stand in a style sheet as it is (no quotes, semicolons, braces or angle brackets). */
const PLAIN_COLOUR = /^[#\w\s(),.%+-]{1,64}$/;

/** Loads every lazy part once, when the server starts: no page waits for one. */
export function warm(): Promise<unknown> {
  return preloadAllParts();
}

/** Draws the screen a navigation to `path` ends on; null when the documents do not end on one. */
export async function render(path: string, docs: FirstScreens): Promise<DrawnScreen | null> {
  const drawn = drawnPath(docs, path);
  const doc = drawn === null ? undefined : docs[drawn];
  if (drawn === null || doc?.kind !== 'screen') return null;
  const json = JSON.stringify(doc);
  if (NOT_DRAWN_HERE.test(json)) return null;
  await preloadPartsFor(doc);
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={drawn}>
        {/* A cache of its own per page: nothing drawn for one customer is kept for another. */}
        <SWRConfig value={{ provider: () => new Map() }}>
          <FirstScreenContext.Provider value={(wanted) => (wanted === drawn ? doc : undefined)}>
            <Screens />
          </FirstScreenContext.Provider>
        </SWRConfig>
      </StaticRouter>
    </StrictMode>,
  );
  // A part that still suspended was left to the browser (`<!--$!-->`): the browser draws it all then.
  if (html.includes('<!--$!-->')) return null;
  const themeCss = themeVariables(doc.partner.theme)
    .filter(([, value]) => PLAIN_COLOUR.test(value))
    .map(([name, value]) => `${name}:${value};`)
    .join('');
  return { path: drawn, html, title: `${doc.title} · ${doc.partner.name}`, themeCss };
}
