import type { Action } from '../../../screens/contract/actions.js';

/** A same-origin file the server streams with the session cookie: a plain link, clicked. */
export function download(action: Extract<Action, { type: 'download' }>): undefined {
  const link = document.createElement('a');
  link.href = action.href;
  link.download = action.filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  return undefined;
}
