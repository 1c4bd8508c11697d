import type { ScreenResponse } from '../../../screens/contract/screen.js';
import { detectWrapper } from './bridge.js';

/** The element the server writes into the page with the first screen (server/src/plugins/external/first-screen.ts). */
export const FIRST_SCREEN_ID = 'primeiras-telas';

let pending: Record<string, ScreenResponse> | null = null;
let read = false;

function readOnce(): Record<string, ScreenResponse> | null {
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
    pending = parsed && typeof parsed === 'object' ? (parsed as Record<string, ScreenResponse>) : null;
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
