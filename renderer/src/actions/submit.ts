import type { Action } from '../../../screens/contract/actions.js';
import type { ActionResult } from '../../../screens/contract/screen.js';
import { postAction, RequestFailure } from '../lib/api.js';
import { TEXTS } from '../texts.js';
import type { ActionContext } from './context.js';
import { handleResult } from './results.js';

/**
 * One submit = one Idempotency-Key: the same action with the same data keeps its key until it
 * succeeds, so the error modal's retry (or a network retry) is the same submit to the server, and
 * a second click while the first is on its way waits for the first instead of sending again.
 */
const submits = new Map<string, { key: string; running: Promise<ActionResult> | null }>();

function send(action: string, payload: Record<string, unknown>, reportProgress: (fraction: number) => void): Promise<ActionResult> {
  const intent = `${action}\u0000${JSON.stringify(payload)}`;
  const entry = submits.get(intent) ?? { key: crypto.randomUUID(), running: null };
  submits.set(intent, entry);
  if (entry.running) return entry.running;
  entry.running = postAction(action, payload, { onUploadProgress: reportProgress, idempotencyKey: entry.key }).then(
    (result) => {
      if (result.kind === 'error') entry.running = null;
      else submits.delete(intent);
      return result;
    },
    (err: unknown) => {
      entry.running = null;
      throw err;
    },
  );
  return entry.running;
}

/** POST /api/actions/<action> with the form's data over the payload, then act on the answer. */
export async function submit(action: Extract<Action, { type: 'submit' }>, ctx: ActionContext): Promise<ActionResult | undefined> {
  let result: ActionResult;
  // Optimistic: the screen shows the outcome at once and is put back if the action fails.
  const undo = action.optimistic && ctx.patch ? ctx.patch.replace(action.optimistic.id, { type: 'text', id: action.optimistic.id, text: action.optimistic.text }) : undefined;
  try {
    result = await ctx.ui.track(action.loadingMessage ?? TEXTS.loading, (reportProgress) =>
      send(action.action, { ...action.payload, ...ctx.formData }, reportProgress),
    );
  } catch (err) {
    undo?.();
    const failure = err instanceof RequestFailure ? err : new RequestFailure(TEXTS.errorTitle, TEXTS.networkError, true);
    ctx.ui.showError({ title: failure.title, message: failure.message, ...(failure.retry ? { retry: ctx.retry } : {}) });
    return undefined;
  }
  if (result.kind === 'error' || result.kind === 'field-errors') undo?.();
  await handleResult(result, ctx);
  return result;
}
