import type { Action } from '../../../screens/contract/actions.js';
import type { ActionContext } from './context.js';

/** Goes to another screen; a server modal belongs to the screen that opened it, so it closes. */
export function navigate(action: Extract<Action, { type: 'navigate' }>, ctx: ActionContext): undefined {
  ctx.ui.dismissModal();
  ctx.navigate(action.to, { replace: action.replace === true });
  return undefined;
}
