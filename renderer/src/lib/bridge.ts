/** Native wrappers inject one of these; on the plain web there is none and bridge actions do nothing. */
interface NativeWindow {
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { consorcio?: { postMessage(message: unknown): void } } };
}

export function callBridge(method: string, args: Record<string, unknown>): void {
  const w = window as unknown as NativeWindow;
  const message = { method, args };
  if (w.ReactNativeWebView) w.ReactNativeWebView.postMessage(JSON.stringify(message));
  else w.webkit?.messageHandlers?.consorcio?.postMessage(message);
}
