import type { Action } from '../../../screens/contract/actions.js';

export function openUrl(action: Extract<Action, { type: 'open-url' }>): undefined {
  window.open(action.url, '_blank', 'noopener,noreferrer');
  return undefined;
}
