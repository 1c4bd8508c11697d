import { createContext } from 'react';
import type { ScreenResponse } from '../../../screens/contract/screen.js';
import { detectWrapper } from './bridge.js';

export type FirstScreens = Record<string, ScreenResponse>;

/** The element the server writes into the page with the first screen (server/src/plugins/external/first-screen.ts). */
export const FIRST_SCREEN_ID = 'primeiras-telas';

let pending: FirstScreens | null = null;
let read = false;

function readOnce(): FirstScreens | null {
  if (read) return pending;
  read = true;
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ID);
  if (!element) return null;
  // The page's screen was composed for the plain web: a native wrapper names itself on its API
  // requests (platform, app version) and gets wrapper-only parts (biometrics, share, push), so
  // inside a wrapper the first screen is asked for like every other.
  if (detectWrapper()) {
    element.remove();
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(element.textContent ?? '');
    pending = parsed && typeof parsed === 'object' ? (parsed as FirstScreens) : null;
  } catch {
    pending = null;
  }
  element.remove();
  return pending;
}

/**
 * The document the page brought for this path, once: the first navigation draws without asking
 * the server again. A redirect keeps only the document of its target; anything else (or a path
 * the page did not bring) forgets them all, so a later visit always asks the server.
 */
export function takeFirstScreen(path: string): ScreenResponse | undefined {
  const docs = readOnce();
  if (!docs) return undefined;
  const doc = Object.hasOwn(docs, path) ? docs[path] : undefined;
  pending = doc?.kind === 'redirect' && Object.hasOwn(docs, doc.to) ? { [doc.to]: docs[doc.to]! } : null;
  return doc;
}

/** The documents the page brought and no navigation has taken yet (null inside a wrapper, or none). */
export function pendingFirstScreens(): FirstScreens | null {
  return readOnce();
}

/** The document the page brought for this path, without taking it (the first render draws it at once). */
export function peekFirstScreen(path: string): ScreenResponse | undefined {
  const docs = readOnce();
  return docs && Object.hasOwn(docs, path) ? docs[path] : undefined;
}

/**
 * The path whose screen a navigation to `path` ends on, following the redirects the page brought
 * (as the server followed them); null when they do not end on a screen. The server draws that
 * screen into the page, and the renderer goes to that path before hydrating it.
 */
export function drawnPath(docs: FirstScreens, path: string): string | null {
  const seen = new Set<string>();
  let wanted = path;
  while (Object.hasOwn(docs, wanted) && !seen.has(wanted)) {
    seen.add(wanted);
    const doc = docs[wanted]!;
    if (doc.kind === 'screen') return wanted;
    if (doc.kind !== 'redirect' || !doc.to.startsWith('/') || doc.to.startsWith('//')) return null;
    wanted = doc.to;
  }
  return null;
}

/** Where the first navigation's document comes from: the page in the browser; the composed documents on the server. */
export const FirstScreenContext = createContext<(path: string) => ScreenResponse | undefined>(peekFirstScreen);
