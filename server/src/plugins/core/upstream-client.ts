import type { Readable } from 'node:stream';
import { FormData, Pool, errors as undiciErrors } from 'undici';

/** Paths the upstream serves without an access token (spec doc 1 §7). */
const OPEN_PATHS = [
  'parceiros/configuracao',
  'login',
  'parceiros/',
  'recuperar-senha/e-mail',
  'versoes',
  'devolutions',
  'verificacao',
  'antifraude/recuperacao-senha/iniciar',
  'antifraude/recuperacao-senha/status/',
  'antifraude/analise-documento/nl/solicitar',
];

export function isOpenPath(path: string): boolean {
  // An entry ending in '/' opens everything under it; any other entry opens that exact path only
  // (`login` is open, `login/selecionar-cota` is not).
  return OPEN_PATHS.some((open) => (open.endsWith('/') ? path.startsWith(open) : path === open));
}

export interface UpstreamRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the base path, e.g. `cotas` or `cota/12`. Never an absolute URL. */
  path: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  /** multipart/form-data: text fields and one file (arquivos/v2). */
  multipart?: { fields: Record<string, string>; file: { field: string; name: string; type: string; data: Buffer } };
  accessToken?: string | undefined;
  basicAuth?: boolean;
}

/** An upstream answer that is not 2xx, or no answer at all (status 0). */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly upstreamMessage: string | undefined,
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super(`upstream ${status || 'unreachable'} on ${path}${code ? ` (${code})` : ''}`, options);
  }
  get unavailable(): boolean {
    return this.status === 0 || this.status >= 500;
  }
  get tokenExpired(): boolean {
    return this.status === 401;
  }
  get notFound(): boolean {
    return this.status === 404 || this.code === 'RESOURCE_NOT_FOUND';
  }
}

export interface UpstreamClientOptions {
  url: string;
  basePath: string;
  clientId: string;
  clientSecret: string;
  connections: number;
  appVersion: string;
}

/**
 * The only way out to the back office: one keep-alive pool to one allowlisted origin, short
 * timeouts (connect 2 s, headers 5 s, body 10 s — never undici's 300 s defaults), no retries.
 */
export class UpstreamClient {
  private readonly pool: Pool;
  private readonly basic: string;

  constructor(
    private readonly options: UpstreamClientOptions,
    private readonly log?: { trace(obj: object, msg: string): void },
  ) {
    const origin = new URL(options.url).origin;
    this.pool = new Pool(origin, {
      connections: options.connections,
      connect: { timeout: 2_000 },
      headersTimeout: 5_000,
      bodyTimeout: 10_000,
      keepAliveTimeout: 10_000,
    });
    this.basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
  }

  async call<T>(req: UpstreamRequest): Promise<T> {
    const res = await this.send(req, 'application/json');
    let text: string;
    try {
      text = await res.body.text();
    } catch (cause) {
      throw new UpstreamError(0, 'BODY_TIMEOUT', undefined, req.path, { cause });
    }
    const data = parseJson(text);
    if (res.statusCode >= 200 && res.statusCode < 300) return data as T;
    throw errorFrom(res.statusCode, data, req.path);
  }

  /** A file (PDF) as a stream, to be piped to the customer without buffering; errors as for `call`. */
  async download(req: UpstreamRequest): Promise<UpstreamFile> {
    const res = await this.send(req, 'application/pdf, application/octet-stream, application/json');
    if (res.statusCode >= 200 && res.statusCode < 300) {
      const type = res.headers['content-type'];
      const length = res.headers['content-length'];
      return { contentType: typeof type === 'string' ? type : 'application/octet-stream', contentLength: typeof length === 'string' ? Number(length) : undefined, body: res.body };
    }
    const text = await res.body.text().catch(() => '');
    throw errorFrom(res.statusCode, parseJson(text), req.path);
  }

  private async send(req: UpstreamRequest, accept: string) {
    if (/^[a-z]+:|^\/\//i.test(req.path)) throw new Error('upstream paths are relative to the allowlisted origin');
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) search.set(k, String(v));
    const qs = search.toString();
    const headers: Record<string, string> = {
      client_id: this.options.clientId,
      app_version: this.options.appVersion,
      platform: 'web',
      accept,
    };
    if (req.accessToken && !isOpenPath(req.path)) headers.access_token = req.accessToken;
    if (req.basicAuth) headers.authorization = this.basic;
    let body: string | FormData | undefined;
    if (req.multipart) {
      const form = new FormData();
      for (const [k, v] of Object.entries(req.multipart.fields)) form.append(k, v);
      const { field, name, type, data } = req.multipart.file;
      form.append(field, new Blob([new Uint8Array(data)], { type }), name);
      body = form;
    } else if (req.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(req.form).toString();
    } else if (req.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.json);
    }
    // Every call at trace level, bodies included: the logger's redact paths hide credentials.
    this.log?.trace({ upstream: { method: req.method, path: req.path, query: req.query, form: req.form, json: req.json } }, 'upstream call');
    try {
      return await this.pool.request({
        method: req.method,
        path: `${this.options.basePath}/${req.path}${qs ? `?${qs}` : ''}`,
        headers,
        body,
      });
    } catch (cause) {
      throw new UpstreamError(0, cause instanceof undiciErrors.UndiciError ? cause.code : undefined, undefined, req.path, { cause });
    }
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}

export interface UpstreamFile {
  contentType: string;
  contentLength: number | undefined;
  body: Readable;
}

function errorFrom(status: number, data: unknown, path: string): UpstreamError {
  const shape = (data ?? {}) as { code?: unknown; codigoRetorno?: unknown; message?: unknown; detail?: unknown };
  const message = typeof shape.message === 'string' ? shape.message : typeof shape.detail === 'string' ? shape.detail : undefined;
  // The core system's numeric return codes (e.g. 27, a restriction) travel as the error code.
  const code = typeof shape.code === 'string' ? shape.code : typeof shape.codigoRetorno === 'number' ? String(shape.codigoRetorno) : undefined;
  return new UpstreamError(status, code, message, path);
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
