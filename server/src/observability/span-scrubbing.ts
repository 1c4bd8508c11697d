import type { Attributes, Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace';
import { scrub } from '../logger.js';

/**
 * Attribute names that would carry a credential, a cookie or a body, whoever sets them (an
 * instrumentation told to record headers, a hook added later): dropped whatever their value.
 */
const FORBIDDEN = /^http\.(request|response)\.header\.|(^|[._])(cookie|set-cookie|authorization|access_token|refresh_token|token|senha|password|body)$/i;

/** Drops the forbidden attributes and hides national ids and tokens in every string left. */
function scrubAttributes(attributes: Attributes): void {
  for (const key of Object.keys(attributes)) {
    if (FORBIDDEN.test(key)) {
      delete attributes[key];
      continue;
    }
    const value = attributes[key];
    if (typeof value === 'string') attributes[key] = scrub(value);
    else if (Array.isArray(value)) attributes[key] = value.map((item) => (typeof item === 'string' ? scrub(item) : item)) as typeof value;
  }
}

/**
 * Hands spans to `next` as the log lines are written: a CPF or CNPJ (masked or not) and a token in
 * a URL become `[documento]` and `[oculto]` in the span's name, its attributes and its events'
 * (an exception's message and stack among them), as the logger's scrub does for every line. Runs
 * as the span ends, while it can still be changed, so no exporter ever sees the raw values.
 */
export class ScrubbingSpanProcessor implements SpanProcessor {
  constructor(private readonly next: SpanProcessor) {}

  onStart(span: Span, parentContext: Context): void {
    this.next.onStart(span, parentContext);
  }

  onEnding(span: Span): void {
    const name = scrub(span.name);
    if (name !== span.name) span.updateName(name);
    scrubAttributes(span.attributes);
    for (const event of span.events) if (event.attributes) scrubAttributes(event.attributes);
    this.next.onEnding?.(span);
  }

  onEnd(span: ReadableSpan): void {
    this.next.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }
}
