import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FALLBACK_TARGET, sameOriginPath } from '../../../screens/contract/local-target.js';

export { FALLBACK_TARGET } from '../../../screens/contract/local-target.js';

/**
 * The origin the request was made to (scheme and Host as the client sent them); a stand-in when
 * the Host header is missing or unparseable, so that paths are still judged as paths.
 */
export function requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return 'http://localhost';
  }
}

/**
 * A return-to or navigation target accepted only as a same-origin path of a known screen: parsed
 * with the WHATWG URL parser against `origin` (screens/contract/local-target.ts says what is
 * refused before parsing), then its path must be one `isKnown` recognises. Undefined otherwise.
 */
export function localTarget(value: unknown, origin: string, isKnown: (pathname: string) => boolean): string | undefined {
  const path = sameOriginPath(value, origin);
  if (path === null) return undefined;
  const pathname = path.split(/[?#]/, 1)[0]!;
  return isKnown(pathname) ? path : undefined;
}

/**
 * Every redirect-bearing value of a request goes through here (`voltar`, navigation answers,
 * screen redirects): the value as a same-origin path of a route the app serves, or undefined.
 */
export function requestTarget(request: FastifyRequest, value: unknown): string | undefined {
  // No target asked for (most screens have no return-to): no origin to parse.
  if (typeof value !== 'string' || value === '') return undefined;
  return localTarget(value, requestOrigin(request), (pathname) => request.server.screens.known(request, pathname));
}

/** The same, with /home in place of anything refused: a customer always lands somewhere. */
export function requestTargetOrHome(request: FastifyRequest, value: unknown): string {
  return requestTarget(request, value) ?? FALLBACK_TARGET;
}

/**
 * A return-to field of an action's body: anything that is not a string of at most 2 048
 * characters is dropped (the customer goes on without it, not stopped by a hidden field).
 */
export const ReturnTo = z.string().max(2048).optional().catch(undefined);
