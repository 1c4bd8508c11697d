import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BatchSpanProcessor, TracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ScrubbingSpanProcessor } from './span-scrubbing.js';
import { serviceResource } from './tracing-resource.js';

/** The tracer every span of the server comes from (no-op until tracing starts). */
export const tracer = () => trace.getTracer('consorcio-autoatendimento');

let provider: TracerProvider | null = null;

/**
 * Turns tracing on for this process: W3C trace context (`traceparent`) in and out, spans kept
 * across awaits, named for the service, its release and `environment` (APP_ENV), scrubbed of
 * national ids and tokens, exported by the processor given (tests) or over OTLP/HTTP to
 * `endpoint`. The first call decides; later ones answer the same provider.
 */
export function startTracing(target: { endpoint: string } | { processor: SpanProcessor }, environment = 'development'): TracerProvider {
  if (provider) return provider;
  const processor = 'processor' in target ? target.processor : new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: `${target.endpoint.replace(/\/$/, '')}/v1/traces` }) });
  provider = new TracerProvider({ resource: serviceResource(environment), spanProcessors: [new ScrubbingSpanProcessor(processor)] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return provider;
}

export const tracingOn = () => provider !== null;

/**
 * Hands the spans still waiting for their batch to the exporter, for at most two seconds (the
 * server's close: a stopped pod's last requests reach the collector; one that does not answer
 * does not hold the close).
 */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush({ timeoutMillis: 2_000 });
}
