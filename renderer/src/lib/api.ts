import type { ActionResult, ScreenResponse } from '../../../screens/contract/screen.js';
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  NEXT_SCREEN_HEADER,
  NEXT_SCREEN_INLINE,
  RENDERER_CAPABILITIES_HEADER,
  RENDERER_VERSION_HEADER,
  SCREEN_PARTS_HEADER,
  SCREEN_PARTS_WAIT,
} from '../../../screens/contract/protocol.js';
import { CAPABILITIES } from '../components/capabilities.js';
import { platformHeaders } from './bridge.js';
import { TEXTS } from '../texts.js';

/**
 * Components since 1.1.0: shortcuts, chips, status-pill, summary, timeline, empty-state, skeleton,
 * bottom-nav; since 1.2.0: columns, group, nav, data-table, bar-chart; since 1.3.0: pending (and the
 * follow-up request for a screen that holds one).
 */
export const RENDERER_VERSION = '1.3.0';

/** An answer that is not a screen or an action result: the server's error body or no answer at all. */
export class RequestFailure extends Error {
  constructor(
    readonly title: string,
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/** The failure an error body describes ('Ops ;)' and the network message when it says nothing). */
function failureOf(data: unknown): RequestFailure {
  const body = data as { title?: string; message?: string; retry?: boolean } | null;
  return new RequestFailure(body?.title ?? TEXTS.errorTitle, body?.message ?? TEXTS.networkError, body?.retry ?? true);
}

async function failureFrom(res: Response): Promise<RequestFailure> {
  return failureOf(await res.json().catch(() => null));
}

async function send(input: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, { credentials: 'same-origin', ...init });
  } catch {
    throw new RequestFailure(TEXTS.errorTitle, TEXTS.networkError, true);
  }
}

/**
 * Screen documents kept in the page's memory with their tags: the server tells the browser's cache
 * to store no protected document, so the renderer revalidates what it drew with If-None-Match and
 * an unchanged document costs a 304. Gone with the page (a logout leaves it by a full navigation).
 */
const kept = new Map<string, { etag: string; screen: ScreenResponse }>();
const KEPT_SCREENS = 32;

function keep(path: string, etag: string | null, screen: ScreenResponse): void {
  kept.delete(path);
  if (!etag) return;
  kept.set(path, { etag, screen });
  if (kept.size > KEPT_SCREENS) kept.delete(kept.keys().next().value!);
}

/** What this renderer is and can draw: every screen is composed for it, also one an action's answer brings. */
function rendererHeaders(): Record<string, string> {
  return { [RENDERER_VERSION_HEADER]: RENDERER_VERSION, [RENDERER_CAPABILITIES_HEADER]: CAPABILITIES.join(','), ...platformHeaders() };
}

/**
 * GET /api/screens for a path (with its query), declaring what this renderer can draw. `waitForParts`:
 * the follow-up for a screen drawn with a part pending (the server waits for every part).
 */
export async function fetchScreen(path: string, options: { waitForParts?: boolean } = {}): Promise<ScreenResponse> {
  const known = kept.get(path);
  const res = await send(`/api/screens?path=${encodeURIComponent(path)}`, {
    // The browser's cache stays out of it: the tag below is this page's own.
    cache: 'no-store',
    headers: {
      accept: 'application/json',
      ...rendererHeaders(),
      ...(options.waitForParts ? { [SCREEN_PARTS_HEADER]: SCREEN_PARTS_WAIT } : {}),
      ...(known ? { 'if-none-match': known.etag } : {}),
    },
  });
  if (res.status === 304 && known) return known.screen;
  // An address that names nothing answers 404 with its document ("Página não encontrada"): drawn as any other.
  if (res.status === 404) return notFoundScreen(res);
  if (!res.ok) throw await failureFrom(res);
  const screen = (await res.json()) as ScreenResponse;
  keep(path, res.headers.get('etag'), screen);
  return screen;
}

/** The document of a 404 when it is one (a screen or a redirect), else the failure its body describes. */
async function notFoundScreen(res: Response): Promise<ScreenResponse> {
  const data = (await res.json().catch(() => null)) as { kind?: unknown } | null;
  if (data?.kind === 'screen' || data?.kind === 'redirect') return data as ScreenResponse;
  throw failureOf(data);
}

/** Forgets every kept document (the session changed in this page). */
export function forgetKeptScreens(): void {
  kept.clear();
}

/** Bodies larger than this report their upload progress (files travel inside the JSON as data URLs). */
export const PROGRESS_THRESHOLD_BYTES = 256 * 1024;

export interface PostOptions {
  /** Called with 0…1 while a large body is being sent. */
  onUploadProgress?: (fraction: number) => void;
  /** One per submit (a retry of the same submit sends the same key); a fresh one when absent. */
  idempotencyKey?: string;
}

/** An answer as the action endpoint gives it: status and the parsed body (null when not JSON). */
interface RawAnswer {
  status: number;
  body: unknown;
}

function actionHeaders(key: string): Record<string, string> {
  return {
    accept: 'application/json',
    'content-type': 'application/json',
    [CSRF_HEADER]: CSRF_HEADER_VALUE,
    'idempotency-key': key,
    // An answer that moves to another screen brings its document (next-screen.ts on the server).
    [NEXT_SCREEN_HEADER]: NEXT_SCREEN_INLINE,
    ...rendererHeaders(),
  };
}

async function sendWithFetch(url: string, body: string, key: string): Promise<RawAnswer> {
  const res = await send(url, { method: 'POST', headers: actionHeaders(key), body });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** The same request through XMLHttpRequest, the only browser API that reports upload progress. */
function sendWithProgress(url: string, body: string, key: string, onProgress: (fraction: number) => void): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    // withCredentials stays false: cookies go with same-origin requests only, as fetch's credentials 'same-origin'.
    for (const [name, value] of Object.entries(actionHeaders(key))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: handled as a failure below
      }
      resolve({ status: xhr.status, body: parsed });
    };
    // No answer at all: the same failure as fetch's network error.
    xhr.onerror = xhr.onabort = xhr.ontimeout = () => reject(new RequestFailure(TEXTS.errorTitle, TEXTS.networkError, true));
    xhr.send(body);
  });
}

/** Whether the body, as UTF-8 bytes, passes the threshold (a UTF-16 unit is at most 3 bytes: short ones need no encoding). */
function isLarge(body: string): boolean {
  return body.length * 3 > PROGRESS_THRESHOLD_BYTES && new TextEncoder().encode(body).byteLength > PROGRESS_THRESHOLD_BYTES;
}

/** POST /api/actions/<area>/<name>: JSON only, with the fixed CSRF header; large bodies report their upload progress. */
export async function postAction(action: string, payload: Record<string, unknown>, options: PostOptions = {}): Promise<ActionResult> {
  const url = `/api/actions/${action}`;
  const body = JSON.stringify(payload);
  const key = options.idempotencyKey ?? crypto.randomUUID();
  const answer =
    options.onUploadProgress && isLarge(body) ? await sendWithProgress(url, body, key, options.onUploadProgress) : await sendWithFetch(url, body, key);
  if (answer.body && typeof answer.body === 'object' && 'kind' in answer.body) return answer.body as ActionResult;
  throw failureOf(answer.body);
}
