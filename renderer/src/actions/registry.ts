import type { Action, ActionType } from '../../../screens/contract/actions.js';
import type { ActionResult } from '../../../screens/contract/screen.js';
import { bridge } from './bridge.js';
import type { ActionContext, ActionHandler } from './context.js';
import { copy } from './copy.js';
import { dismiss } from './dismiss.js';
import { download } from './download.js';
import { navigate } from './navigate.js';
import { openUrl } from './open-url.js';
import { submit } from './submit.js';

/** Action type → handler; the type checker keeps it complete for the contract. */
export const ACTIONS: { [T in ActionType]: ActionHandler<Extract<Action, { type: T }>> } = {
  navigate,
  submit,
  download,
  'open-url': openUrl,
  copy,
  bridge,
  dismiss,
};

export async function runAction(action: Action, ctx: ActionContext): Promise<ActionResult | undefined> {
  const handler = ACTIONS[action.type] as ActionHandler<Action>;
  return handler(action, { ...ctx, run: (next) => runAction(next, ctx) });
}
