import diagnostics from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { context, propagation, SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';
import { declaredEndpoints } from '../../../back-office/catalogue.js';
import type { Endpoint } from '../../../back-office/endpoint.js';
import { tracer } from './tracing.js';

/** One back-office call as the client makes it. */
export interface UpstreamCall {
  /** The contract's call (absent for a file's download). */
  endpoint: Endpoint | undefined;
  /** Its route group (`cotas/cobrancas`). */
  group: string;
  method: string;
  /** The concrete path, relative to the base path. */
  path: string;
}

let names: Map<Endpoint, string> | null = null;

/** The contract's name of a call (`slips.secondCopy`, as `declaredEndpoints` lists it). */
export function endpointName(endpoint: Endpoint): string | undefined {
  names ??= new Map(declaredEndpoints().map((d) => [d.endpoint, d.name]));
  return names.get(endpoint);
}

/** The spans of the calls on their way, by span id: what undici's events are matched to. */
const open = new Map<string, Span>();
/** Each undici request of a call, from its creation to its answer. */
const ofRequest = new WeakMap<object, Span>();

/**
 * Runs one call inside its span, a client span named for the contract's endpoint
 * (`upstream quotas.list`) under the span active where the call is made: the screen's or the
 * action's. The call's `traceparent` (written into `headers`) names this span, so the back office
 * joins the trace here, and undici's events for the request are matched to it by that header:
 * undici may create a request the pool queued (every connection busy) later, under another
 * request's context, so the active context at creation would name the wrong trace.
 */
export async function inUpstreamSpan<R extends { statusCode: number }>(call: UpstreamCall, headers: Record<string, string>, send: () => Promise<R>): Promise<R> {
  const endpoint = call.endpoint && endpointName(call.endpoint);
  const name = `upstream ${endpoint ?? `${call.method} ${call.group}`}`;
  const attributes = { 'http.request.method': call.method, ...(endpoint ? { 'upstream.endpoint': endpoint } : {}), 'upstream.group': call.group, 'upstream.path': call.path };
  return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    const id = span.spanContext().spanId;
    propagation.inject(context.active(), headers);
    open.set(id, span);
    try {
      const res = await send();
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      return res;
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      open.delete(id);
      span.end();
    }
  });
}

/** undici's request as its diagnostics channels publish it: headers as [name, value, …]. */
interface UndiciRequest {
  origin: string | URL;
  path: string;
  headers: unknown;
}

/** The open call's span a request's `traceparent` names (`00-<trace>-<span>-<flags>`). */
function callSpan(request: UndiciRequest): Span | undefined {
  if (open.size === 0 || !Array.isArray(request.headers)) return undefined;
  const headers = request.headers as unknown[];
  for (let i = 0; i < headers.length; i += 2) {
    if (String(headers[i]).toLowerCase() === 'traceparent') return open.get(String(headers[i + 1]).split('-')[2] ?? '');
  }
  return undefined;
}

const onCreate = (message: unknown) => {
  const { request } = message as { request: UndiciRequest };
  const span = callSpan(request);
  if (!span) return;
  ofRequest.set(request, span);
  const url = new URL(request.path, request.origin);
  span.setAttributes({ 'server.address': url.hostname, 'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)), 'url.full': url.href });
};

const onSendHeaders = (message: unknown) => {
  const { request, socket } = message as { request: object; socket: Socket };
  const span = ofRequest.get(request);
  if (!span) return;
  // Its time after the span's start is what the call waited for a free connection of the pool.
  span.addEvent('request sent', { 'network.peer.address': socket.remoteAddress ?? '', 'network.peer.port': socket.remotePort ?? 0 });
};

const onHeaders = (message: unknown) => {
  const span = ofRequest.get((message as { request: object }).request);
  span?.addEvent('response headers received');
};

const CHANNELS: Array<[string, (message: unknown) => void]> = [
  ['undici:request:create', onCreate],
  ['undici:client:sendHeaders', onSendHeaders],
  ['undici:request:headers', onHeaders],
];
let watching = false;

/**
 * Listens to undici's diagnostics channels (while tracing is on only: a channel with a listener
 * makes undici build its messages for every request): each call's span gets the address it went
 * to and the moments its request left and its answer's headers came back.
 */
export function watchUndici(): void {
  if (watching) return;
  watching = true;
  for (const [name, listener] of CHANNELS) diagnostics.subscribe(name, listener);
}
