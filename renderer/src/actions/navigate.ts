import type { Action } from '../../../screens/contract/actions.js';
import type { ActionContext } from './context.js';

export function navigate(action: Extract<Action, { type: 'navigate' }>, ctx: ActionContext): undefined {
  ctx.navigate(action.to, { replace: action.replace === true });
  return undefined;
}
