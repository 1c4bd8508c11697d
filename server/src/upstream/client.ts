import type { CallSignal } from './deadline.js';
import type { Readable } from 'node:stream';
import { FormData, Pool, errors as undiciErrors } from 'undici';
import { Resilience, parseRetryAfter, type ResilienceDeps } from './resilience.js';
import { UpstreamError } from './upstream-error.js';
import type { KeptAnswers } from './kept-answers.js';
import { customerTokenOf, pathOf, violationOf, type AnswerOf, type CustomerToken, type Endpoint } from '../../../back-office/index.js';
import { currentRequest } from '../observability/request-context.js';
import { tracingOn } from '../observability/tracing.js';
import { inUpstreamSpan } from '../observability/upstream-spans.js';

/**
 * Whether a call carries the customer's access token it was given: every call but those the
 * contract declares as served without one (`customerToken: 'none'`).
 */
export function sendsToken(token: CustomerToken): boolean {
  return token !== 'none';
}

export interface UpstreamRequest {
  /** HEAD only for `download`: a file's headers (its size) without its body. */
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the base path, e.g. `cotas` or `cota/12`. Never an absolute URL. */
  path: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  /** multipart/form-data: text fields (a JSON part is its JSON text) and at most one file (arquivos/v2). */
  multipart?: { fields: Record<string, string>; file?: { field: string; name: string; type: string; data: Buffer } | undefined };
  accessToken?: string | undefined;
  /** What the endpoint declares of the customer's token (`required` when absent: downloads). */
  customerToken?: CustomerToken;
  basicAuth?: boolean;
  /** Route group for metrics and traces (the endpoint's); else the path's first named segments. */
  group?: string;
  /** The contract's call it is (absent for a file's download): its span is named for it. */
  endpoint?: Endpoint;
  /** The screen's deadline: the call is abandoned when it fires. */
  signal?: CallSignal | undefined;
}

/** What a contract call carries besides the endpoint. */
export interface EndpointArgs {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  /** The JSON parts of a multipart endpoint (`parts`): each defined value is sent as a part holding its JSON. */
  parts?: Record<string, unknown>;
  form?: Record<string, string>;
  /** A multipart upload (`fields` endpoint): its text fields, validated by the endpoint's `fields`, and the one file. */
  upload?: { fields: Record<string, string | undefined>; file: { field: string; name: string; type: string; data: Buffer } };
  accessToken?: string | undefined;
  basicAuth?: boolean;
  signal?: CallSignal | undefined;
}

/** The multipart request of an upload endpoint: its text fields checked by `fields` (a programming error otherwise), undefined ones left out. */
export function uploadOf(e: Endpoint, upload: NonNullable<EndpointArgs['upload']>): NonNullable<UpstreamRequest['multipart']> {
  const checked = (e.fields ? e.fields.parse(upload.fields) : upload.fields) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(checked)) if (value !== undefined) fields[name] = String(value);
  return { fields, file: upload.file };
}

/** The multipart fields of an endpoint's JSON parts, validated by its `parts` schema (a programming error otherwise). */
export function jsonParts(e: Endpoint, parts: Record<string, unknown>): Record<string, string> {
  const checked = e.parts ? (e.parts.parse(parts) as Record<string, unknown>) : parts;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(checked)) if (value !== undefined) fields[name] = JSON.stringify(value);
  return fields;
}

export interface UpstreamClientOptions {
  url: string;
  basePath: string;
  clientId: string;
  clientSecret: string;
  connections: number;
  appVersion: string;
  /** Told of every call once it answered (or failed): for metrics. */
  onCall?: (call: { group: string; method: string; status: number; ms: number }) => void;
}

/**
 * The only way out to the back office: one keep-alive pool to one allowlisted origin, short
 * timeouts (connect 2 s, headers 5 s, body 10 s — never undici's 300 s defaults), no retries.
 */
export class UpstreamClient {
  private readonly pool: Pool;
  private readonly basic: string;
  /** Retries of idempotent GETs within a budget, and a circuit breaker per route group. */
  readonly resilience: Resilience;

  constructor(
    private readonly options: UpstreamClientOptions,
    private readonly log?: { trace(obj: object, msg: string): void; warn(obj: object, msg: string): void },
    deps: ResilienceDeps = {},
  ) {
    this.resilience = new Resilience({
      onEvent: (event) => this.log?.warn({ upstream: event }, event.kind === 'retry' ? 'upstream call retried' : `upstream ${event.kind}`),
      ...deps,
    });
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
    throw errorFrom(res.statusCode, data, req.path, parseRetryAfter(res.headers['retry-after']));
  }

  /**
   * Back-office answers kept as the contract declares (kept-answers.ts); none without it. Calls
   * made without a customer share only what is kept for everyone; a customer's calls go through
   * `CustomerUpstream`, which keeps by partner and by session too.
   */
  kept: KeptAnswers | undefined = undefined;

  /** A call of the back-office contract (`fresh`), served from what is kept for everyone when its endpoint says so. */
  async request<E extends Endpoint>(e: E, args: EndpointArgs = {}): Promise<AnswerOf<E>> {
    const kept = this.kept;
    if (kept?.keepOf(e)?.for !== 'everyone') return this.fresh(e, args);
    return (await kept.read(e, args, {}, (background) => this.fresh(e, background ? { ...args, signal: undefined } : args), args.signal)).value;
  }

  /**
   * A call of the back-office contract, always asked of the back office: the answer is validated
   * by the endpoint's schema. A violation is logged once with the path and the failing field
   * (never the data) and becomes an unavailable-upstream error (502), which every screen maps to
   * its error message.
   */
  async fresh<E extends Endpoint>(e: E, args: EndpointArgs = {}): Promise<AnswerOf<E>> {
    const attempt = async () => {
      let data: unknown;
      try {
        data = await this.call<unknown>({ method: e.method, path: pathOf(e, args.params), query: args.query, json: args.json, ...(args.parts ? { multipart: { fields: jsonParts(e, args.parts) } } : args.upload ? { multipart: uploadOf(e, args.upload) } : {}), form: args.form, accessToken: args.accessToken, customerToken: customerTokenOf(e), basicAuth: args.basicAuth, signal: args.signal, group: e.group, endpoint: e });
      } catch (err) {
        // Errors name the endpoint's path (`cotas/{id}/extrato`), never the ids it was called with.
        if (err instanceof UpstreamError) throw UpstreamError.answered(err.status, err.code, err.upstreamMessage, e.path, { cause: err.cause ?? err, retryAfterMs: err.retryAfterMs });
        throw err;
      }
      const checked = violationOf(e, data);
      if (checked.ok) return checked.data as AnswerOf<E>;
      this.log?.warn({ upstream: { method: e.method, path: e.path, field: checked.field, problem: checked.problem } }, 'upstream answer breaks the contract');
      throw new UpstreamError(502, 'CONTRACT_VIOLATION', undefined, e.path);
    };
    return this.resilience.run({ method: e.method, group: e.group, path: e.path, signal: args.signal }, attempt);
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
    if (req.accessToken && sendsToken(req.customerToken ?? 'required')) headers.access_token = req.accessToken;
    if (req.basicAuth) headers.authorization = this.basic;
    let body: string | FormData | undefined;
    if (req.multipart) {
      const form = new FormData();
      for (const [k, v] of Object.entries(req.multipart.fields)) form.append(k, v);
      if (req.multipart.file) {
        const { field, name, type, data } = req.multipart.file;
        form.append(field, new Blob([new Uint8Array(data)], { type }), name);
      }
      body = form;
    } else if (req.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(req.form).toString();
    } else if (req.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.json);
    }
    // Every call at trace level, bodies included: the logger's redact paths hide credentials.
    this.log?.trace({ upstream: { method: req.method, path: req.path, query: req.query, form: req.form, json: req.json, parts: req.multipart && Object.keys(req.multipart.fields) } }, 'upstream call');
    // The customer's request id goes to the back office, and the trace context when tracing is on.
    const observed = currentRequest();
    if (observed) headers['x-request-id'] = observed.requestId;
    const group = req.group ?? groupOf(req.path);
    const started = performance.now();
    let status = 0;
    const request = async () => {
      const res = await this.pool.request({ method: req.method, path: `${this.options.basePath}/${req.path}${qs ? `?${qs}` : ''}`, headers, body, ...(req.signal ? { signal: req.signal } : {}) });
      status = res.statusCode;
      return res;
    };
    try {
      if (!tracingOn()) return await request();
      return await inUpstreamSpan({ endpoint: req.endpoint, group, method: req.method, path: req.path }, headers, request);
    } catch (cause) {
      throw new UpstreamError(0, req.signal?.aborted ? 'DEADLINE' : cause instanceof undiciErrors.UndiciError ? cause.code : undefined, undefined, req.path, { cause });
    } finally {
      const ms = performance.now() - started;
      if (observed) {
        observed.upstreamMs += ms;
        observed.upstreamCalls += 1;
      }
      this.options.onCall?.({ group, method: req.method, status, ms });
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

/** A path's route group: its first two segments that are not ids (`cotas/12/boletos` → `cotas/boletos`). */
function groupOf(path: string): string {
  return path.split('/').filter((segment) => segment && !/\d/.test(segment)).slice(0, 2).join('/');
}

function errorFrom(status: number, data: unknown, path: string, retryAfterMs?: number): UpstreamError {
  const shape = (data ?? {}) as { code?: unknown; codigoRetorno?: unknown; message?: unknown; detail?: unknown };
  const message = typeof shape.message === 'string' ? shape.message : typeof shape.detail === 'string' ? shape.detail : undefined;
  // The core system's numeric return codes (e.g. 27, a restriction) travel as the error code.
  const code = typeof shape.code === 'string' ? shape.code : typeof shape.codigoRetorno === 'number' ? String(shape.codigoRetorno) : undefined;
  return UpstreamError.answered(status, code, message, path, { retryAfterMs });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
