import type { Action } from '../../../screens/contract/actions.js';
import type { ActionContext } from './context.js';

/** Copies the text (a slip's digitable line, a PIX code) and says so in a snackbar. */
export async function copy(action: Extract<Action, { type: 'copy' }>, ctx: ActionContext): Promise<undefined> {
  await navigator.clipboard?.writeText(action.text).catch(() => undefined);
  ctx.ui.showSnackbar(action.message);
  return undefined;
}
