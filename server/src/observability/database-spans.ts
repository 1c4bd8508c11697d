import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { tracer, tracingOn } from './tracing.js';

/** A statement's operation and the table it names first: `SELECT … FROM sessions` → SELECT, sessions. */
export function querySummary(sql: string): { operation: string; collection: string | undefined } {
  const operation = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'QUERY';
  const collection = /\b(?:from|into|update|table)\s+(?:only\s+)?"?([\w.]+)"?/i.exec(sql)?.[1];
  return { operation, collection };
}

/**
 * Runs a query inside a client span (`SELECT sessions`) with its statement, as the storage adapter
 * makes it for PGlite and PostgreSQL alike. Only inside a traced request or call: the queries made
 * outside one (migrations at start, the timers' clean-ups, the metrics' count) would each be a
 * trace of their own. The statement carries placeholders, never the values (`$1`).
 */
export function inQuerySpan<T>(sql: string, run: () => Promise<T>): Promise<T> {
  return tracingOn() && trace.getSpan(context.active()) !== undefined ? traced(sql, run) : run();
}

function traced<T>(sql: string, run: () => Promise<T>): Promise<T> {
  const { operation, collection } = querySummary(sql);
  const attributes = {
    'db.system.name': 'postgresql',
    'db.operation.name': operation,
    ...(collection ? { 'db.collection.name': collection } : {}),
    'db.query.text': sql.replace(/\s+/g, ' ').trim(),
  };
  return tracer().startActiveSpan(collection ? `${operation} ${collection}` : operation, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      const result = await run();
      if (Array.isArray(result)) span.setAttribute('db.response.returned_rows', result.length);
      return result;
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}
