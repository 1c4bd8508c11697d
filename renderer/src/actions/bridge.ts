import type { Action } from '../../../screens/contract/actions.js';
import type { ActionResult } from '../../../screens/contract/screen.js';
import { answeredYes, askBridge } from '../lib/bridge.js';
import type { ActionContext } from './context.js';
import { runAction } from './registry.js';

/**
 * A call into the native wrapper. A yes runs the action's `then`; anything else (no wrapper, a no,
 * an answer of the wrong shape, none within 2 s) runs its `otherwise`, the web path, silently.
 */
export async function bridge(action: Extract<Action, { type: 'bridge' }>, ctx: ActionContext): Promise<ActionResult | undefined> {
  const answer = await askBridge(action.method, action.args ?? {});
  const next = answeredYes(action.method, answer) ? action.then : action.otherwise;
  return next ? runAction(next, ctx) : undefined;
}
