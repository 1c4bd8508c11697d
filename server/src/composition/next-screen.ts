import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NEXT_SCREEN_HEADER, NEXT_SCREEN_INLINE, type ActionResult } from '../../../screens/contract/index.js';
import { cookiesOf } from '../lib/cookies.js';
import { requestTargetOrHome } from '../security/local-target.js';

/**
 * An action that moves the client to another screen answers with that screen's document when the
 * client asks for it (`x-next-screen: inline`): composed right after the action, in the same
 * request, as `GET /api/screens?path=<to>` would compose it (guard, loader, capability downgrade
 * by the request's renderer headers). The client draws it without asking again: one round trip
 * less between a tap and the next screen, which on a phone network is most of the wait.
 *
 * A screen that cannot be composed now leaves the answer as it was: the client asks for it as
 * before and meets the failure there, mapped to its message as always. The document is added to
 * the answer as it is sent, never to the result kept for an idempotent retry: a retry's answer gets
 * the screen composed anew.
 */
export async function withNextScreen(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, result: ActionResult): Promise<ActionResult> {
  if (request.headers[NEXT_SCREEN_HEADER] !== NEXT_SCREEN_INLINE || reply.statusCode !== 200) return result;
  if (result.kind !== 'navigate' && !(result.kind === 'snackbar' && result.to)) return result;
  // The same target the answer's serialization settles on (a known path of this host, else /home).
  const to = requestTargetOrHome(request, result.to!);
  // A path that names nothing answers its not-found document with a 404 as a screen request: the client asks for it itself.
  if (app.screens.namesNothing(request, to)) return result;
  try {
    return { ...result, to, screen: await app.screens.compose(request, reply, to) };
  } catch (err) {
    request.log.info({ err, to }, 'next screen left to the client');
    return result;
  }
}

/**
 * From now on, a cookie this reply sets or clears is what the request's cookies say too: the screen
 * composed after the action reads what the browser will send next (the mobile login's first step
 * writes the document its second step shows; a staff sign-in writes the console's session).
 */
export function readOwnCookieWrites(reply: FastifyReply): void {
  const set = reply.setCookie.bind(reply);
  const clear = reply.clearCookie.bind(reply);
  // After the write: @fastify/cookie parses the request's cookies afresh on a reply's first one.
  reply.setCookie = (name, value, ...rest) => {
    const written = set(name, value, ...rest);
    cookiesOf(reply.request)[name] = value;
    return written;
  };
  reply.clearCookie = (name, ...rest) => {
    const cleared = clear(name, ...rest);
    delete cookiesOf(reply.request)[name];
    return cleared;
  };
}
