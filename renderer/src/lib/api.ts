import type { ActionResult, ScreenResponse } from '../../../screens/contract/screen.js';
import { CSRF_HEADER, CSRF_HEADER_VALUE, RENDERER_CAPABILITIES_HEADER, RENDERER_VERSION_HEADER } from '../../../screens/contract/protocol.js';
import { CAPABILITIES } from '../components/capabilities.js';
import { TEXTS } from '../texts.js';

export const RENDERER_VERSION = '1.0.0';

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

/** GET /api/screens for a path (with its query), declaring what this renderer can draw. */
export async function fetchScreen(path: string): Promise<ScreenResponse> {
  const res = await send(`/api/screens?path=${encodeURIComponent(path)}`, {
    headers: { accept: 'application/json', [RENDERER_VERSION_HEADER]: RENDERER_VERSION, [RENDERER_CAPABILITIES_HEADER]: CAPABILITIES.join(',') },
  });
  if (!res.ok) throw await failureFrom(res);
  return (await res.json()) as ScreenResponse;
}

/** Bodies larger than this report their upload progress (files travel inside the JSON as data URLs). */
export const PROGRESS_THRESHOLD_BYTES = 256 * 1024;

export interface PostOptions {
  /** Called with 0…1 while a large body is being sent. */
  onUploadProgress?: (fraction: number) => void;
}

/** An answer as the action endpoint gives it: status and the parsed body (null when not JSON). */
interface RawAnswer {
  status: number;
  body: unknown;
}

function actionHeaders(): Record<string, string> {
  return {
    accept: 'application/json',
    'content-type': 'application/json',
    [CSRF_HEADER]: CSRF_HEADER_VALUE,
    'idempotency-key': crypto.randomUUID(),
  };
}

async function sendWithFetch(url: string, body: string): Promise<RawAnswer> {
  const res = await send(url, { method: 'POST', headers: actionHeaders(), body });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** The same request through XMLHttpRequest, the only browser API that reports upload progress. */
function sendWithProgress(url: string, body: string, onProgress: (fraction: number) => void): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(actionHeaders())) xhr.setRequestHeader(name, value);
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
    xhr.onerror = () => reject(new RequestFailure(TEXTS.errorTitle, TEXTS.networkError, true));
    xhr.send(body);
  });
}

/** POST /api/actions/<area>/<name>: JSON only, with the fixed CSRF header; large bodies report their upload progress. */
export async function postAction(action: string, payload: Record<string, unknown>, options: PostOptions = {}): Promise<ActionResult> {
  const url = `/api/actions/${action}`;
  const body = JSON.stringify(payload);
  const answer =
    options.onUploadProgress && body.length > PROGRESS_THRESHOLD_BYTES ? await sendWithProgress(url, body, options.onUploadProgress) : await sendWithFetch(url, body);
  if (answer.body && typeof answer.body === 'object' && 'kind' in answer.body) return answer.body as ActionResult;
  throw failureOf(answer.body);
}
