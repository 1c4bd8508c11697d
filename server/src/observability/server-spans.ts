import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';

let instrumentation: FastifyOtelInstrumentation | null = null;

/**
 * The HTTP server's spans, by `@fastify/otel` (Fastify's own instrumentation: it wires itself
 * through Fastify's hooks, so it needs no loader hook under ESM): one server span per request,
 * the parent of every upstream call and query the request makes, continuing the caller's trace
 * when it sends `traceparent`. Named by `nameOf` (`GET screen:home`: the screen family, never the
 * path a customer typed), its `url.path` without the query string (a screen's path may hold a
 * national id), no span per hook or handler, and none for the probes (`/health/…`). Register it
 * before any route.
 */
export function serverSpans(nameOf: (request: FastifyRequest) => string): FastifyPluginCallback {
  instrumentation ??= new FastifyOtelInstrumentation({
    instrumentHooks: false,
    instrumentHandler: false,
    ignorePaths: (route) => route.url.startsWith('/health/'),
    requestHook: (span, request) => {
      span.updateName(nameOf(request));
      span.setAttribute('url.path', request.url.split('?')[0]!);
      span.setAttribute('request.id', String(request.id));
    },
  });
  return instrumentation.plugin();
}
