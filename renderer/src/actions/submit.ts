import type { Action } from '../../../screens/contract/actions.js';
import type { ActionResult } from '../../../screens/contract/screen.js';
import { postAction, RequestFailure } from '../lib/api.js';
import { TEXTS } from '../texts.js';
import type { ActionContext } from './context.js';
import { handleResult } from './results.js';

/** POST /api/actions/<action> with the form's data over the payload, then act on the answer. */
export async function submit(action: Extract<Action, { type: 'submit' }>, ctx: ActionContext): Promise<ActionResult | undefined> {
  let result: ActionResult;
  // Optimistic: the screen shows the outcome at once and is put back if the action fails.
  const undo = action.optimistic && ctx.patch ? ctx.patch.replace(action.optimistic.id, { type: 'text', id: action.optimistic.id, text: action.optimistic.text }) : undefined;
  try {
    result = await ctx.ui.track(action.loadingMessage ?? TEXTS.loading, (reportProgress) =>
      postAction(action.action, { ...action.payload, ...ctx.formData }, { onUploadProgress: reportProgress }),
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
