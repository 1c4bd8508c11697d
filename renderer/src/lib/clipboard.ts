import { answeredYes, askBridge } from './bridge.js';

/**
 * Puts `text` on the clipboard and says whether it got there. Inside a native wrapper the bridge's
 * `copy` message goes first (a WebView may have no web clipboard); then the web clipboard, whose
 * write is awaited: a rejected write (permission refused, page not focused) and a browser without
 * `navigator.clipboard` (an insecure origin, an old WebView) are failures, never a "copiado".
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  if (answeredYes('copy', await askBridge('copy', { text }))) return true;
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (typeof clipboard?.writeText !== 'function') return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
