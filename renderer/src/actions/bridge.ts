import type { Action } from '../../../screens/contract/actions.js';
import type { ActionResult } from '../../../screens/contract/screen.js';
import { BRIDGE_ANSWER_FIELD } from '../../../screens/contract/protocol.js';
import { answeredYes, askBridge } from '../lib/bridge.js';
import type { HandlerContext } from './context.js';

/**
 * A call into the native wrapper. A yes runs the action's `then`; anything else (no wrapper, a no,
 * an answer of the wrong shape, none within 2 s) runs its `otherwise`, the web path, silently.
 * A `then` that submits carries the answer in its body as `resposta` (biometric credential, push token).
 */
export async function bridge(action: Extract<Action, { type: 'bridge' }>, ctx: HandlerContext): Promise<ActionResult | undefined> {
  const answer = await askBridge(action.method, action.args ?? {});
  const yes = answeredYes(action.method, answer);
  let next = yes ? action.then : action.otherwise;
  if (yes && next?.type === 'submit') next = { ...next, payload: { ...next.payload, [BRIDGE_ANSWER_FIELD]: answer } };
  return next ? ctx.run(next) : undefined;
}
