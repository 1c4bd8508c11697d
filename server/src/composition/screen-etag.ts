import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { codingFor, compressAs } from './compression.js';

/**
 * ETag of a screen document: a digest of the body and of the session it was drawn for, so a tag
 * learnt by one customer never matches another customer's document, even an identical one.
 */
export function screenEtag(sessionId: string | null, body: string): string {
  // One call into the hash (no Hash object and three updates per screen).
  return `"${hash('sha256', `${sessionId ?? '-'}\0${body}`, 'base64url').slice(0, 32)}"`;
}

/** The tag of one coding of the document: a strong tag names one representation (RFC 9110 8.8.3). */
export function codedEtag(etag: string, coding: string | undefined): string {
  return coding ? `${etag.slice(0, -1)}-${coding}"` : etag;
}

/** Whether If-None-Match names this document in any of its codings. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '').replace(/-(?:br|gzip)"$/, '"') === etag);
}

/** Requests whose document belongs to a protected route: no cache may store it, not even the customer's browser. */
const protectedDocuments = new WeakSet<FastifyRequest>();

/** Marks the document being composed for `request` as one of a protected route. */
export function storeNowhere(request: FastifyRequest): void {
  protectedDocuments.add(request);
}

/**
 * onSend for screen documents. A protected route's document is stored by no cache
 * (`private, no-store`): the renderer keeps it in the page's memory and revalidates it by its tag.
 * A public one is stored only by the customer's own browser and revalidated every time
 * (`private, no-cache`). Either way `Vary: Cookie`; a request naming the document's tag gets a
 * 304 without a body; a changed one travels compressed when the browser accepts it.
 */
export function screenCaching(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload?: unknown) => void): void {
  // A loader that asked for no-store (a token in the address) keeps it, without a tag.
  if (String(reply.getHeader('cache-control') ?? '').includes('no-store')) return done(null, payload);
  reply.header('cache-control', protectedDocuments.has(request) ? 'private, no-store' : 'private, no-cache').header('vary', 'cookie, accept-encoding');
  if (reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
  const etag = screenEtag(request.session?.id ?? null, payload);
  if (matches(request.headers['if-none-match'], etag)) {
    reply.header('etag', etag);
    reply.code(304);
    reply.removeHeader('content-length');
    reply.removeHeader('content-type');
    return done(null, '');
  }
  // Compressed by Accept-Encoding (brotli, else gzip) above a threshold (Vary names it above);
  // the tag names the coding.
  const coding = codingFor(request, payload);
  if (!coding) {
    reply.header('etag', etag);
    return done(null, payload);
  }
  compressAs(reply, payload, coding).then(
    (body) => {
      reply.header('etag', codedEtag(etag, coding));
      done(null, body);
    },
    () => {
      reply.removeHeader('content-encoding');
      reply.header('etag', etag);
      done(null, payload);
    },
  );
}
