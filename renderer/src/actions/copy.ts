import type { Action } from '../../../screens/contract/actions.js';
import { copyToClipboard } from '../lib/clipboard.js';
import { TEXTS } from '../texts.js';
import type { ActionContext } from './context.js';

/**
 * Copies the text (a slip's typeable line, a Pix code). The snackbar says so ("… copiado.") only
 * when the copy succeeded; otherwise the text is shown selected in a read-only field, with
 * "Copie o código manualmente", for the customer to copy themselves.
 */
export async function copy(action: Extract<Action, { type: 'copy' }>, ctx: ActionContext): Promise<undefined> {
  if (await copyToClipboard(action.text)) ctx.ui.showSnackbar(action.message);
  else ctx.ui.showManualCopy({ text: action.text, label: action.label ?? TEXTS.copiedCode });
  return undefined;
}
