import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * ETag of a screen document: a digest of the body and of the session it was drawn for, so a tag
 * learnt by one customer never matches another customer's document, even an identical one.
 */
export function screenEtag(sessionId: string | null, body: string): string {
  return `"${createHash('sha256').update(sessionId ?? '-').update('\0').update(body).digest('base64url').slice(0, 32)}"`;
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * onSend for screen documents: stored only by the customer's own browser and revalidated every
 * time (`private, no-cache`, `Vary: Cookie`); an unchanged document costs a 304 without a body.
 */
export function screenCaching(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload?: unknown) => void): void {
  // A loader that asked for no-store (a token in the address) keeps it, without a tag.
  if (String(reply.getHeader('cache-control') ?? '').includes('no-store')) return done(null, payload);
  reply.header('cache-control', 'private, no-cache').header('vary', 'cookie');
  if (reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
  const etag = screenEtag(request.session?.id ?? null, payload);
  reply.header('etag', etag);
  if (matches(request.headers['if-none-match'], etag)) {
    reply.code(304);
    reply.removeHeader('content-length');
    reply.removeHeader('content-type');
    return done(null, '');
  }
  done(null, payload);
}
