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
