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

async function failureFrom(res: Response): Promise<RequestFailure> {
  const body = (await res.json().catch(() => null)) as { title?: string; message?: string; retry?: boolean } | null;
  return new RequestFailure(body?.title ?? TEXTS.errorTitle, body?.message ?? TEXTS.networkError, body?.retry ?? true);
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

/** POST /api/actions/<area>/<name>: JSON only, with the fixed CSRF header. */
export async function postAction(action: string, payload: Record<string, unknown>): Promise<ActionResult> {
  const res = await send(`/api/actions/${action}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify(payload),
  });
  const body = (await res.json().catch(() => null)) as ActionResult | null;
  if (body && typeof body === 'object' && 'kind' in body) return body;
  throw await failureFrom(res);
}
