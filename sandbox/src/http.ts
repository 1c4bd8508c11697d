import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenGrant } from './state/store.js';
import { customerTokenOfCall } from '../../back-office/catalogue.js';

/** The contract's base path (spec doc 1 §7). */
export const BASE_PATH = '/app-cliente/v1';

/** Uploaded images, as the administrator's CDN serves them to any browser: not a contract call. */
export const PUBLIC_FILES = 'arquivos/publico/';

/**
 * Whether a call is served without a customer's access token: as the contract declares it
 * (back-office/, each endpoint's `customerToken`), the same declaration the server's client reads.
 */
export function isOpen(method: string, path: string): boolean {
  return customerTokenOfCall(method, path) !== 'required';
}

/** The path after the base path, without query string: `cotas`, `cota/1001`. */
export function contractPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.startsWith(`${BASE_PATH}/`) ? path.slice(BASE_PATH.length + 1) : path;
}

/** Error shapes of the contract: 400/404 carry `message` (or `detail`), codes such as RESOURCE_NOT_FOUND. */
export function fail(reply: FastifyReply, status: number, message: string, code?: string): FastifyReply {
  return reply.code(status).send(code ? { code, message } : { message });
}

export function notFound(reply: FastifyReply, message = 'Recurso não encontrado.'): FastifyReply {
  return fail(reply, 404, message, 'RESOURCE_NOT_FOUND');
}

/** Validation errors answer with `detail`, as the core system's validators do. */
export function invalid(reply: FastifyReply, detail: string): FastifyReply {
  return reply.code(400).send({ detail });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The access token's grant, set on every protected path. */
    grant: TokenGrant | null;
  }
}

export function grantOf(request: FastifyRequest): TokenGrant {
  if (!request.grant) throw new Error(`route ${request.url} is open but reads the grant`);
  return request.grant;
}

export function basicCredentials(request: FastifyRequest): { id: string; secret: string } | null {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  return at < 0 ? null : { id: decoded.slice(0, at), secret: decoded.slice(at + 1) };
}
