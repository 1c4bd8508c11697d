import { detectWrapper } from '../lib/bridge.js';

/**
 * Registers the service worker (/sw.js) once the page has loaded, on the plain web only: inside a
 * native wrapper the app is installed already and the wrapper shows its own offline screen. A
 * browser without service workers, or one that refuses it, gets the app as it is.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || detectWrapper() !== null) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
