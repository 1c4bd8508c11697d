import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { ScrubbingSpanProcessor } from './span-scrubbing.js';

function tracerWithScrubbing() {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new ScrubbingSpanProcessor(new SimpleSpanProcessor({ exporter }))] });
  return { exporter, tracer: provider.getTracer('test') };
}

describe('the scrubbing of spans', () => {
  it('hides national ids and URL tokens in names, attributes and events, whatever set them', () => {
    const { exporter, tracer } = tracerWithScrubbing();
    const span = tracer.startSpan('GET /clientes/661.157.509-03', { attributes: { 'url.full': 'https://x.example/login-transparente/abc123?token=s3cr3t', 'app.ids': ['66115750903', 'cota-12'], 'http.response.status_code': 200 } });
    span.recordException(new Error('cliente 661.157.509-03 sem cota'));
    span.end();
    const [exported] = exporter.getFinishedSpans();
    expect(exported!.name).toBe('GET /clientes/[documento]');
    expect(exported!.attributes).toEqual({ 'url.full': 'https://x.example/login-transparente/[oculto]?token=[oculto]', 'app.ids': ['[documento]', 'cota-12'], 'http.response.status_code': 200 });
    expect(exported!.events[0]!.attributes!['exception.message']).toBe('cliente [documento] sem cota');
    expect(String(exported!.events[0]!.attributes!['exception.stacktrace'])).not.toContain('661.157.509-03');
  });

  it('drops headers, cookies, credentials and bodies recorded under any name', () => {
    const { exporter, tracer } = tracerWithScrubbing();
    const span = tracer.startSpan('POST login', {
      attributes: {
        'http.request.header.cookie': ['__Host-Http-sid=abc'],
        'http.response.header.set-cookie': ['sid=abc'],
        'http.request.body': '{"senha":"135790"}',
        'upstream.access_token': 'eyJ…',
        authorization: 'Basic Zm9v',
        'http.request.method': 'POST',
      },
    });
    span.end();
    expect(exporter.getFinishedSpans()[0]!.attributes).toEqual({ 'http.request.method': 'POST' });
  });
});
