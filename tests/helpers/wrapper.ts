import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PERSON_WAIT_MS } from './browser.js';

/**
 * A fake native wrapper around Chromium: injects Android's `ReactNativeWebView` or iOS's
 * `webkit.messageHandlers.consorcio` before the page loads, records every message the renderer
 * posts, and answers it through `window.consorcioBridge.answer` as the native contract says
 * (screens/contract/bridge.ts). A method answered with `'silent'` never gets an answer; `share-file`
 * fetches the file with the page's cookies first, as a wrapper would, and records its status;
 * `biometrics` answered with `'keychain'` (the default) behaves like a device whose biometric
 * prompt succeeds: enrolment creates a random credential kept in a fake keychain (the page's
 * localStorage), unlock answers it, or `{ ok: false, reason: 'unavailable' }` when none was kept.
 */
export type WrapperPlatform = 'android' | 'ios';

export interface BridgeRecord {
  platform: WrapperPlatform;
  id: string;
  method: string;
  args: Record<string, unknown>;
  /** share-file only: what fetching `args.href` gave. */
  fetched?: { status: number; type: string | null; head: string };
  /** What the fake wrapper answered (absent when silent). */
  answered?: unknown;
}

export interface Wrapper {
  context: BrowserContext;
  page: Page;
  messages: BridgeRecord[];
  /** Resolves with the first message of `method` (already recorded or to come). */
  message(method: string): Promise<BridgeRecord>;
}

export const DEFAULT_ANSWERS: Record<string, unknown> = {
  biometrics: 'keychain',
  'push-opt-in': { granted: true, token: 'fake-push-token' },
  'status-bar-color': { ok: true },
  'share-file': { shared: true },
  evaluation: { reviewed: false },
  device: 'silent',
  // The text copied is in the recorded message's args; the fake wrapper has no clipboard of its own.
  copy: { copied: true },
};

function install(arg: { platform: WrapperPlatform; answers: Record<string, unknown> }) {
  const { platform, answers } = arg;
  const w = window as unknown as Record<string, any>;
  const handle = async (message: { id: string; method: string; args: Record<string, unknown> }) => {
    const entry: Record<string, unknown> = { platform, ...message };
    if (message.method === 'share-file' && typeof message.args?.href === 'string') {
      const res = await fetch(message.args.href as string, { credentials: 'same-origin' });
      const bytes = new Uint8Array(await res.arrayBuffer()).slice(0, 5);
      entry.fetched = { status: res.status, type: res.headers.get('content-type'), head: String.fromCharCode(...bytes) };
    }
    let result = answers[message.method];
    if (message.method === 'biometrics' && result === 'keychain') {
      const KEY = '__fakeKeychain';
      if (message.args?.enable) {
        const bytes = crypto.getRandomValues(new Uint8Array(32));
        const credential = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
        localStorage.setItem(KEY, credential);
        result = { ok: true, credential };
      } else {
        const credential = localStorage.getItem(KEY);
        result = credential ? { ok: true, credential } : { ok: false, reason: 'unavailable' };
      }
    }
    if (result !== undefined && result !== 'silent') entry.answered = result;
    await (w.__wrapperRecord as (m: unknown) => Promise<void>)(entry);
    if (result === undefined || result === 'silent') return;
    w.consorcioBridge?.answer(platform === 'android' ? JSON.stringify({ id: message.id, result }) : { id: message.id, result });
  };
  if (platform === 'android') w.ReactNativeWebView = { postMessage: (raw: string) => void handle(JSON.parse(raw)) };
  else w.webkit = { messageHandlers: { consorcio: { postMessage: (m: never) => void handle(m) } } };
}

/** A new browser context whose pages run inside the fake wrapper of `platform`. */
export async function openInWrapper(
  browser: Browser,
  platform: WrapperPlatform,
  answers: Record<string, unknown> = {},
  /** Cookies and storage of an earlier context: the same device opening the app again. */
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<Wrapper> {
  const context = await browser.newContext({ acceptDownloads: true, ...(storageState ? { storageState } : {}) });
  // A wrapper names itself on the page load too (the WebView's first request carries the header, as
  // on every request): the server then leaves the first screen undrawn for the wrapper's renderer.
  // Files (downloads under /api/) go untouched.
  await context.route('**/*', (route) =>
    route.request().isNavigationRequest() && !new URL(route.request().url()).pathname.startsWith('/api/') ? route.continue({ headers: { ...route.request().headers(), 'x-client-platform': platform } }) : route.fallback(),
  );
  const messages: BridgeRecord[] = [];
  const waiters: Array<{ method: string; resolve: (m: BridgeRecord) => void }> = [];
  await context.exposeFunction('__wrapperRecord', (m: BridgeRecord) => {
    messages.push(m);
    for (const w of waiters.filter((x) => x.method === m.method)) w.resolve(m);
  });
  await context.addInitScript(install, { platform, answers: { ...DEFAULT_ANSWERS, ...answers } });
  const page = await context.newPage();
  page.setDefaultTimeout(PERSON_WAIT_MS);
  return {
    context,
    page,
    messages,
    message: (method) => {
      const seen = messages.find((m) => m.method === method);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ method, resolve }));
    },
  };
}
