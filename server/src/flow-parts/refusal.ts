import type { FastifyInstance } from 'fastify';
import type { ActionResult } from '../../../screens/contract/index.js';
import { UpstreamError } from '../upstream/upstream-error.js';

/**
 * An upstream refusal as the form's message (the back office's words, else the text of
 * `fallbackKey`, e.g. 'Falha ao realizar esta operação…'), keeping what the customer typed; an
 * unavailable back office or an expired session goes on as an error (never swallowed).
 */
export function refusalOf(app: FastifyInstance, err: unknown, fallbackKey: string): ActionResult {
  if (err instanceof UpstreamError && !err.unavailable && !err.tokenExpired) return { kind: 'field-errors', errors: {}, message: err.upstreamMessage ?? app.text(fallbackKey) };
  throw err;
}
