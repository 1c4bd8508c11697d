import { get } from 'node:http';
import { Writable } from 'node:stream';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { startTracing } from '../../server/src/observability/tracing.js';
import { loggerOptions } from '../../server/src/logger.js';
import { client } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const spans = new InMemorySpanExporter();
startTracing({ processor: new SimpleSpanProcessor({ exporter: spans }) });

let lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const METRICS_PORT = 41_000 + Math.floor(Math.random() * 2_000);
// Only 127.0.0.2 may read metrics: the tests scrape from it and are refused from 127.0.0.1.
const stack = useStack({ METRICS_PORT: String(METRICS_PORT), METRICS_ALLOWED_NETWORKS: '127.0.0.2/32' }, { loggerInstance: pino(loggerOptions('info'), sink) });

/** GET /metrics from a given local address. */
function scrape(localAddress: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port: METRICS_PORT, path: '/metrics', localAddress }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += String(chunk)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    }).on('error', reject);
  });
}

beforeEach(() => {
  lines = [];
  spans.reset();
});

describe('observability', () => {
  it('traces a screen request with one child span per upstream call, and carries the request id and trace context to the back office', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    await stack.sandbox.clearCalls();
    spans.reset();
    await c.screen('/home');
    // A secondary part past its time budget is drawn later while its call goes on: its span ends
    // when that call answers, after the screen did. Wait for every call's span to end.
    const upstreamSpans = () => spans.getFinishedSpans().filter((s) => s.name.startsWith('upstream '));
    await expect.poll(async () => (await stack.sandbox.calls()).length - upstreamSpans().length).toBe(0);
    const calls = await stack.sandbox.calls();
    expect(calls.length).toBeGreaterThan(2);
    const finished = spans.getFinishedSpans();
    const server = finished.find((s) => s.name === 'GET screen:home')!;
    expect(server).toBeDefined();
    const upstream = upstreamSpans();
    expect(upstream).toHaveLength(calls.length);
    for (const span of upstream) expect(span.spanContext().traceId).toBe(server.spanContext().traceId);
    // The back office sees one request id for the whole screen and the trace it belongs to.
    expect(new Set(calls.map((call) => call.requestId)).size).toBe(1);
    for (const call of calls) expect(call.traceparent).toContain(server.spanContext().traceId);
  });

  it('writes one line per request with its id, the screen, and the time and calls spent upstream', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    lines = [];
    await c.screen('/home');
    const entries = lines.map((l) => JSON.parse(l));
    const home = entries.filter((e) => e.family === 'screen:home');
    expect(home).toHaveLength(1);
    expect(home[0]).toMatchObject({ status: 200, msg: 'GET screen:home' });
    expect(home[0].reqId).toBeDefined();
    // The customer appears as a keyed pseudonym beside the client address, never as a CPF.
    expect(home[0].subject).toMatch(/^[\w-]{16,}$/);
    expect(typeof home[0].ip).toBe('string');
    const digits = persona('ana').document.replace(/\D/g, '');
    expect(lines.join('\n').replace(/\D/g, '')).not.toContain(digits);
    expect(home[0].upstreamCalls).toBeGreaterThan(2);
    expect(typeof home[0].upstreamMs).toBe('number');
    // No second line for the same request (Fastify's own request logging is off).
    expect(entries.filter((e) => e.reqId === home[0].reqId && e.msg !== 'GET screen:home' && /request/.test(e.msg))).toEqual([]);
  });

  it('hides a national id typed as a screen path in the access line, which keeps its own fields only', async () => {
    const c = client(stack.baseUrl);
    lines = [];
    await c.screen('/529.982.247-25/dados');
    const [line] = lines.map((l) => JSON.parse(l)).filter((e) => String(e.family).startsWith('screen:'));
    expect(line).toMatchObject({ family: 'screen:[documento]', msg: 'GET screen:[documento]' });
    expect(lines.join('\n')).not.toContain('529.982.247-25');
    // Who asked: the client address, and no subject outside a session.
    expect(Object.keys(line).sort()).toEqual(['family', 'hostname', 'ip', 'level', 'ms', 'msg', 'pid', 'reqId', 'status', 'time', 'upstreamCalls', 'upstreamMs']);
  });

  it('serves Prometheus metrics on their own port: screen families, upstream groups, live sessions, definitions version', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    await c.screen('/home');
    const { status, text } = await scrape('127.0.0.2');
    expect(status).toBe(200);
    expect(text).toMatch(/http_request_duration_seconds_count\{family="screen:home",method="GET",status="200"\} \d+/);
    expect(text).toMatch(/upstream_request_duration_seconds_count\{group="[a-z/-]+",method="GET",status="200"\} \d+/);
    expect(text).toMatch(/sessions_live [1-9]/);
    expect(text).toMatch(/definitions_version \d+/);
  });

  it('refuses metrics to an address outside the allowed networks', async () => {
    const refused = await scrape('127.0.0.1');
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('http_request_duration_seconds');
  });
});
