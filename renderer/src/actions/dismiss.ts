import type { Action } from '../../../screens/contract/actions.js';
import type { ActionContext } from './context.js';

export function dismiss(_action: Extract<Action, { type: 'dismiss' }>, ctx: ActionContext): undefined {
  ctx.ui.dismissModal();
  return undefined;
}
