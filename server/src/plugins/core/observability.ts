import { hostname } from 'node:os';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';
import { scrub } from '../../logger.js';
import { boundedMemo } from '../../lib/bounded-memo.js';
import { pseudonym } from '../../storage/pseudonym.js';
import { Metrics, metricsServer, networks } from '../../observability/metrics.js';
import { requestContext, type RequestContext } from '../../observability/request-context.js';
import { serverSpans } from '../../observability/server-spans.js';
import { flushTracing, startTracing, tracingOn } from '../../observability/tracing.js';
import { watchUndici } from '../../observability/upstream-spans.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics, when METRICS_PORT is set. */
    metrics: Metrics | null;
  }
  interface FastifyRequest {
    observed: RequestContext | null;
  }
}

/** Whether a logger at this level writes info lines (a capability may have its own level). */
function infoOn(level: string): boolean {
  return (pino.levels.values[level] ?? Infinity) <= pino.levels.values.info!;
}

/**
 * What a request is, for logs and metrics: a screen family, an action area, or the route. The two
 * families read from the URL are scrubbed (a customer may type a national id there); a route is
 * the app's own pattern.
 */
export function familyOf(request: FastifyRequest): string {
  const url = request.url;
  if (url.startsWith('/api/screens')) return familyOfUrl(url, () => scrub(`screen:${new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('path')?.split(/[/?]/)[1] || 'root'}`));
  if (url.startsWith('/api/actions/')) return familyOfUrl(url, () => scrub(`action:${url.split('/')[3] ?? ''}`));
  // The route a method and URL reach never changes once the server listens; Fastify builds a
  // fresh object of a dozen fields on every read of routeOptions.
  const routes = (routeOfUrl[request.method] ??= boundedMemo<string, string>(256));
  return routes(url, () => request.routeOptions.url ?? 'not-found');
}

/** A screen's or an action's family by its URL, kept for the URLs asked for again and again (the scrub is a dozen patterns). */
const familyOfUrl = boundedMemo<string, string>(1024);

/** Each method's URLs and the route pattern they reach (or `not-found`), for the URLs asked for again and again. */
const routeOfUrl: Record<string, (url: string, make: () => string) => string> = Object.create(null);

/**
 * Writes a request's access line to `destination` as pino writes a line at info level (level,
 * time, pid, hostname, then the fields, then msg), without pino's per-field serialisation. The
 * server's own destination hands lines to standard output in batches (log-destination.ts). The
 * time's text is made once per millisecond (a number that large is written by V8's shortest-double
 * conversion, which costs as much as the rest of the line) and each family's quoted text once.
 * Who asked is on the line: the client address (the one TRUST_PROXY trusts) and, in a session,
 * the customer as the keyed pseudonym of partner and CPF/CNPJ the security events carry
 * (`subject`, never the number) or the staff member's login (`staff`).
 */
export function accessLineWriter(destination: pino.DestinationStream, subjectKey: Buffer): (request: FastifyRequest, family: string, status: number, ms: number, observed: RequestContext | null) => void {
  const head = `{"level":${pino.levels.values.info},"time":`;
  const base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  let timeMs = 0;
  let timeText = '0';
  const quotedFamily = boundedMemo<string, string>(1024);
  const subjects = boundedMemo<string, string>(4096);
  const who = (request: FastifyRequest): string => {
    const ip = typeof request.ip === 'string' ? `,"ip":${JSON.stringify(request.ip)}` : '';
    const customer = request.session?.data;
    if (customer) {
      const { partnerId, customer: { inscricaoNacional } } = customer;
      return `${ip},"subject":"${subjects(`${partnerId}:${inscricaoNacional}`, () => pseudonym(subjectKey, partnerId, inscricaoNacional))}"`;
    }
    const staff = request.consoleMember?.login;
    return staff ? `${ip},"staff":${JSON.stringify(staff)}` : ip;
  };
  return (request, family, status, ms, observed) => {
    const now = Date.now();
    if (now !== timeMs) {
      timeMs = now;
      timeText = String(now);
    }
    const quoted = quotedFamily(family, () => JSON.stringify(family));
    destination.write(`${head}${timeText}${base},"reqId":${JSON.stringify(request.id)}${who(request)},"family":${quoted},"status":${status},"ms":${Math.round(ms)},"upstreamMs":${Math.round(observed?.upstreamMs ?? 0)},"upstreamCalls":${observed?.upstreamCalls ?? 0},"msg":"${request.method} ${quoted.slice(1)}}\n`);
  };
}

/**
 * One log line per request (id, who — address, customer pseudonym or staff login —, screen or
 * action, status, time, time and calls spent upstream);
 * the request's context (its id goes to the back office as x-request-id) for every upstream call;
 * Prometheus metrics on their own port (METRICS_PORT) and OpenTelemetry traces
 * (OTEL_EXPORTER_OTLP_ENDPOINT), each off unless its variable is set. While tracing is on, each
 * request has a server span (`@fastify/otel`, registered here, before every route) under which its
 * upstream calls (upstream/client.ts) and its queries (storage/database.ts) make theirs.
 */
export default fp(
  async (app) => {
    const c = app.config;
    if (c.OTEL_EXPORTER_OTLP_ENDPOINT) startTracing({ endpoint: c.OTEL_EXPORTER_OTLP_ENDPOINT }, c.APP_ENV);
    if (tracingOn()) {
      watchUndici();
      await app.register(serverSpans((request) => `${request.method} ${familyOf(request)}`));
    }
    const metrics = c.METRICS_PORT !== undefined ? new Metrics() : null;
    app.decorate('metrics', metrics);
    app.decorateRequest('observed', null);

    app.addHook('onRequest', (request, _reply, done) => {
      const observed: RequestContext = { requestId: String(request.id), upstreamMs: 0, upstreamCalls: 0 };
      request.observed = observed;
      requestContext.run(observed, done);
    });

    app.addHook('onError', async (_request, _reply, err) => {
      metrics?.errors.inc({ code: (err as { code?: string }).code ?? 'unexpected' });
    });

    // The access line carries only the fields below (a route family, never a raw URL or a body),
    // so it skips the redaction paths and the whole-line scrub every other line pays for, and is
    // written as the JSON pino would write, to the same destination as every line.
    // None when logging is off (a test's app).
    const destination = (app.log as unknown as Record<symbol, (pino.DestinationStream & { flush?: () => void }) | undefined>)[pino.symbols.streamSym];
    const writeAccessLine = destination ? accessLineWriter(destination, c.subjectKey) : null;
    // What waits in a batch goes out when the server closes: the log lines, and the spans.
    app.addHook('onClose', (_app, done) => {
      destination?.flush?.();
      done();
    });
    if (tracingOn()) app.addHook('onClose', flushTracing);
    app.addHook('onResponse', (request, reply, done) => {
      const family = familyOf(request);
      const ms = reply.elapsedTime;
      const observed = request.observed;
      if (writeAccessLine && infoOn(request.log.level)) writeAccessLine(request, family, reply.statusCode, ms, observed);
      metrics?.requests.observe({ family, method: request.method, status: String(reply.statusCode) }, ms / 1000);
      done();
    });

    if (metrics && c.METRICS_PORT !== undefined) {
      const server = metricsServer(metrics, networks(c.METRICS_ALLOWED_NETWORKS), async () => {
        const [row] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE expires_at > now()');
        metrics.sessions.set(row?.n ?? 0);
        metrics.definitions.set(Number(app.flows.version) || 0);
      });
      await new Promise<void>((resolve) => server.listen(c.METRICS_PORT, c.METRICS_HOST, resolve));
      app.addHook('onClose', async () => new Promise<void>((resolve) => server.close(() => resolve())));
    }
  },
  { name: 'observability', dependencies: ['config'] },
);
