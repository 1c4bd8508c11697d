import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenGrant } from './state/store.js';

/** The contract's base path (spec doc 1 §7). */
export const BASE_PATH = '/app-cliente/v1';

/** Paths served without an access token (spec doc 1 §7), relative to the base path. */
const OPEN_PATHS = [
  'parceiros/configuracao',
  'login',
  'login/refresh',
  'login/recuperar-senha/cliente',
  'login/transparente',
  'parceiros',
  'parceiros/',
  'recuperar-senha/e-mail',
  'versoes',
  'devolutions',
  'verificacao',
  'antifraude/recuperacao-senha/iniciar',
  'antifraude/recuperacao-senha/status/',
  'antifraude/analise-documento/nl/solicitar',
  // The assistant (doc 1 §7): open; a customer token, when sent, is read by the route itself.
  'embraassist/',
];

/** Uploaded images, as the administrator's CDN serves them to any browser: not a contract call. */
export const PUBLIC_FILES = 'arquivos/publico/';

/** An entry ending in '/' opens everything under it; any other entry opens that exact path. */
export function isOpen(path: string): boolean {
  return OPEN_PATHS.some((open) => (open.endsWith('/') ? path.startsWith(open) : path === open));
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
