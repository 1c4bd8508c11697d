import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this a compressed body saves less than it costs (headers, CPU). */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Answers are made per request: a fast brotli level (4 compresses JSON about as well as gzip 9 at a fraction of the CPU).
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

export type Coding = 'br' | 'gzip';

/**
 * The coding a request accepts, brotli first: `*` means gzip (any client understands it), an
 * unknown coding or `identity` means none, and `q=0` refuses one.
 */
export function acceptedCoding(header: string | string[] | undefined): Coding | null {
  const raw = Array.isArray(header) ? header.join(',') : header;
  if (!raw) return null;
  if (raw.trim() === '*') return 'gzip';
  return negotiate(raw, ['br', 'gzip']) as Coding | null;
}

function addVary(reply: FastifyReply, field: string): void {
  const current = String(reply.getHeader('vary') ?? '');
  const fields = current.split(',').map((f) => f.trim().toLowerCase()).filter(Boolean);
  if (!fields.includes(field.toLowerCase())) reply.header('vary', [...fields, field.toLowerCase()].join(', '));
}

/** The coding a body travels in: none below the threshold, or when the request accepts neither. */
export function codingFor(request: FastifyRequest, body: string): Coding | null {
  if (body.length < COMPRESS_MIN_BYTES && Buffer.byteLength(body) < COMPRESS_MIN_BYTES) return null;
  return acceptedCoding(request.headers['accept-encoding']);
}

/**
 * The body as the request accepts it (brotli or gzip), with `Content-Encoding` and
 * `Vary: Accept-Encoding` set; small bodies and clients that accept neither get it as it is.
 */
export async function compressBody(request: FastifyRequest, reply: FastifyReply, body: string): Promise<string | Buffer> {
  addVary(reply, 'accept-encoding');
  const coding = codingFor(request, body);
  return coding ? compressAs(reply, body, coding) : body;
}

/** The body in `coding` (`codingFor`'s answer), with `Content-Encoding` set and no stale length. */
export async function compressAs(reply: FastifyReply, body: string, coding: Coding): Promise<Buffer> {
  const out = coding === 'br' ? await brotli(body, BROTLI) : await gzipAsync(body, { level: 6 });
  reply.header('content-encoding', coding);
  reply.removeHeader('content-length');
  return out;
}

/**
 * onSend for answers that are usually small but may not be (an action's answer that carries the
 * screen it leads to): compressed as screen documents are, above the same threshold.
 */
export function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload?: unknown) => void): void {
  if (typeof payload !== 'string') return done(null, payload);
  compressBody(request, reply, payload).then(
    (body) => done(null, body),
    () => {
      reply.removeHeader('content-encoding');
      done(null, payload);
    },
  );
}
