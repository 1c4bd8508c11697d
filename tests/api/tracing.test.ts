import diagnostics from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { declaredEndpoints } from '../../back-office/catalogue.js';
import { startTracing } from '../../server/src/observability/tracing.js';
import { client } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

/**
 * What an operator reads in the tracing backend: one trace per screen, its upstream calls named as
 * the back-office contract names them, its queries, under the service's name, release and
 * environment; and nothing in it that identifies a customer or opens a session.
 */
const exporter = new InMemorySpanExporter();
startTracing({ processor: new SimpleSpanProcessor({ exporter }) }, 'test');
const stack = useStack();

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
const ENDPOINT_NAMES = new Set(declaredEndpoints().map((d) => d.name));

/** The credentials the server sent the back office (its access tokens, its client's Basic credentials), as they left. */
const sentCredentials = new Set<string>();
const recordCredentials = (message: unknown) => {
  const headers = (message as { request: { headers: unknown } }).request.headers;
  if (!Array.isArray(headers)) return;
  for (let i = 0; i < headers.length; i += 2) {
    if (['access_token', 'authorization'].includes(String(headers[i]).toLowerCase())) sentCredentials.add(String(headers[i + 1]).replace(/^Basic /, ''));
  }
};
diagnostics.subscribe('undici:request:create', recordCredentials);
afterAll(() => diagnostics.unsubscribe('undici:request:create', recordCredentials));

/** The spans below `root` in its trace, by their parents. */
function descendants(spans: ReadableSpan[], root: ReadableSpan): ReadableSpan[] {
  const below = new Set([root.spanContext().spanId]);
  const found: ReadableSpan[] = [];
  for (let grew = true; grew; ) {
    grew = false;
    for (const span of spans) {
      const parent = span.parentSpanContext?.spanId;
      if (parent && below.has(parent) && !below.has(span.spanContext().spanId)) {
        below.add(span.spanContext().spanId);
        found.push(span);
        grew = true;
      }
    }
  }
  return found;
}

/** Every text a span carries: its name, its attributes' names and values, its events'. */
function textOf(span: ReadableSpan): string {
  const attributes = [span.attributes, ...span.events.map((e) => e.attributes ?? {})];
  return [span.name, ...span.events.map((e) => e.name), ...attributes.flatMap((a) => Object.entries(a).map(([k, v]) => `${k}=${JSON.stringify(v)}`))].join('\n');
}

beforeEach(() => {
  exporter.reset();
});

describe('traces', () => {
  it('show a home screen as one tree: the request, each back-office call by its endpoint, the queries', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    await stack.sandbox.clearCalls();
    exporter.reset();
    expect((await c.screen('/home')).status).toBe(200);
    const calls = await stack.sandbox.calls();
    const spans = exporter.getFinishedSpans();

    const server = spans.filter((s) => s.kind === SpanKind.SERVER);
    expect(server.map((s) => s.name)).toEqual(['GET screen:home']);
    const request = server[0]!;
    expect(request.attributes).toMatchObject({ 'http.request.method': 'GET', 'http.route': '/api/screens', 'url.path': '/api/screens', 'http.response.status_code': 200 });
    expect(request.resource.attributes).toMatchObject({ 'service.name': manifest.name, 'service.version': manifest.version, 'deployment.environment.name': 'test' });

    const tree = descendants(spans, request);
    const upstream = tree.filter((s) => s.name.startsWith('upstream '));
    expect(upstream.length).toBeGreaterThan(2);
    expect(upstream).toHaveLength(calls.length);
    for (const span of upstream) {
      const endpoint = String(span.attributes['upstream.endpoint']);
      expect(ENDPOINT_NAMES).toContain(endpoint);
      expect(span.name).toBe(`upstream ${endpoint}`);
      expect(span.kind).toBe(SpanKind.CLIENT);
      // From undici's own events: where the request went, and when it left the pool.
      expect(span.attributes).toMatchObject({ 'server.address': '127.0.0.1', 'http.response.status_code': expect.any(Number) });
      expect(span.events.map((e) => e.name)).toEqual(['request sent', 'response headers received']);
    }
    // The back office received, with each call, the span of that very call.
    expect(calls.map((call) => call.traceparent?.split('-')[2]).sort()).toEqual(upstream.map((s) => s.spanContext().spanId).sort());

    const queries = tree.filter((s) => s.attributes['db.system.name'] === 'postgresql');
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      expect(query.kind).toBe(SpanKind.CLIENT);
      expect(query.name).toBe(`${query.attributes['db.operation.name']} ${query.attributes['db.collection.name']}`);
      expect(String(query.attributes['db.query.text'])).toMatch(/^(SELECT|INSERT|UPDATE|DELETE|WITH) /);
    }
    // Every span of the screen is in its tree.
    expect(tree.length + 1).toBe(spans.length);
  });

  it('carry no CPF, token, cookie or body: not in a span’s name, its attributes or its events', async () => {
    const ana = persona('ana');
    const bare = ana.document.replace(/\D/g, '');
    const c = client(stack.baseUrl);
    const login = await c.action('auth/login', { modo: 'documento', documento: ana.document, senha: ana.password });
    const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!.split('=').slice(1).join('='));
    expect(cookies.filter(Boolean).length).toBeGreaterThan(0);
    await c.selectFirstQuota('ana');
    await c.screen('/home');
    // A national id typed into a screen's path, formatted and bare, and a transparent-login token.
    await c.screen(`/${ana.document}/dados`);
    await c.screen(`/${bare}`);
    const token = await stack.sandbox.transparentToken('ana');
    await client(stack.baseUrl).get(`/login-transparente/${token}`);

    const spans = exporter.getFinishedSpans();
    expect(spans.filter((s) => s.kind === SpanKind.SERVER).length).toBeGreaterThanOrEqual(6);
    expect(sentCredentials.size).toBeGreaterThan(0);
    const text = spans.map(textOf).join('\n');
    for (const secret of [ana.document, bare, ana.password, token, ...cookies.filter(Boolean), ...sentCredentials]) expect(text).not.toContain(secret);
    expect(text).toContain('/login-transparente/[oculto]');
    // No header, cookie or body is recorded under any name.
    for (const span of spans) {
      const keys = [...Object.keys(span.attributes), ...span.events.flatMap((e) => Object.keys(e.attributes ?? {}))];
      expect(keys.filter((key) => /header|cookie|authorization|token|body|senha|password/i.test(key))).toEqual([]);
    }
  });
});
