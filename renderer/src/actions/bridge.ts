import type { Action } from '../../../screens/contract/actions.js';
import { callBridge } from '../lib/bridge.js';

/** A call into the native wrapper; on the plain web there is none and nothing happens. */
export function bridge(action: Extract<Action, { type: 'bridge' }>): undefined {
  callBridge(action.method, action.args ?? {});
  return undefined;
}
