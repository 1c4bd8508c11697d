import { FALLBACK_TARGET, sameOriginPath } from '../../../screens/contract/local-target.js';

/** The page's own origin; a fixed stand-in where there is none (drawn on the server, or a non-http page). */
function pageOrigin(): string {
  if (typeof window !== 'undefined' && /^https?:\/\//.test(window.location.origin)) return window.location.origin;
  return 'http://localhost';
}

/**
 * Where a navigation may go: a path of this page's origin. Anything else (another site, a
 * scheme, a control character) becomes /home, so the customer lands on a screen instead of the
 * router refusing the navigation and leaving the skeleton up.
 */
export function localTarget(to: string): string {
  return sameOriginPath(to, pageOrigin()) ?? FALLBACK_TARGET;
}

/**
 * A page the server answers itself (under /api/: the console's sign-in at the identity provider,
 * its sign-out) is no screen: the browser leaves the app for it, as for a link.
 */
export function isServerPage(to: string): boolean {
  return to.startsWith('/api/');
}

/** Goes to `to`: a screen through the router, a server page as a page load. */
export function go(to: string, routerNavigate: (to: string, options?: { replace?: boolean }) => void, options?: { replace?: boolean }): void {
  const target = localTarget(to);
  if (isServerPage(target)) window.location.assign(target);
  else routerNavigate(target, options);
}
