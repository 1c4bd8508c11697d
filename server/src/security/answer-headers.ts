import { createRequire } from 'node:module';
import type { FastifyReply } from 'fastify';

/**
 * The symbol under which Fastify keeps a reply's headers (`reply.header()` lower-cases a name and
 * stores it there; the object is handed to `writeHead` as it is). Internal to Fastify, read from
 * its own module, so a Fastify that moves it leaves this undefined and the setter below falls
 * back to `reply.headers()`.
 */
const replyHeadersKey: unknown = (createRequire(import.meta.url)('fastify/lib/symbols.js') as Record<string, unknown>).kReplyHeaders;

/** Whether the headers are stored straight into Fastify's own object (else through `reply.headers()`). */
export const storesIntoFastifyHeaders = typeof replyHeadersKey === 'symbol';

/** The headers every answer carries (helmet's, as the helmet plugin configures it), by name. */
export const ANSWER_HEADER_NAMES = ['content-security-policy', 'cross-origin-resource-policy', 'referrer-policy', 'strict-transport-security', 'x-content-type-options'] as const;

type AnswerHeaders = Partial<Record<(typeof ANSWER_HEADER_NAMES)[number], string>>;

/**
 * Sets the security headers every answer carries on a reply. `reply.headers()` lower-cases each
 * name and stores it through one property store that sees every header name there is (a
 * megamorphic store, and a string-table lookup for each lower-cased name): for these five
 * headers, more than the rest of the hook chain. Here each header is one store with its name
 * written in the code (each store sees one name and the same object shapes), into the object
 * `reply.header()` would have written to, with the same result. A header not in
 * ANSWER_HEADER_NAMES is refused at start: it needs its store written here.
 */
export function answerHeadersSetter(headers: Readonly<Record<string, string>>): (reply: FastifyReply) => void {
  const unknown = Object.keys(headers).filter((name) => !(ANSWER_HEADER_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`no store written for these headers: ${unknown.join(', ')}`);
  if (typeof replyHeadersKey !== 'symbol') return (reply) => void reply.headers(headers);
  const key = replyHeadersKey;
  const { 'content-security-policy': csp, 'cross-origin-resource-policy': corp, 'referrer-policy': referrer, 'strict-transport-security': hsts, 'x-content-type-options': nosniff } = headers as AnswerHeaders;
  return (reply) => {
    const stored = (reply as unknown as Record<symbol, AnswerHeaders>)[key]!;
    if (csp !== undefined) stored['content-security-policy'] = csp;
    if (corp !== undefined) stored['cross-origin-resource-policy'] = corp;
    if (referrer !== undefined) stored['referrer-policy'] = referrer;
    if (hsts !== undefined) stored['strict-transport-security'] = hsts;
    if (nosniff !== undefined) stored['x-content-type-options'] = nosniff;
  };
}
