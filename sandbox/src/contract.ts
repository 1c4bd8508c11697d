import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { REPLAY_HEADER } from './replay.js';
import { routeOf, violationOf, type Endpoint } from '../../back-office/index.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The back-office contract call a route serves: its 2xx answers are checked against it. */
    endpoint?: Endpoint;
  }
}

type Handler<E extends Endpoint> = (request: FastifyRequest, reply: FastifyReply) => Promise<z.input<E['answer']> | FastifyReply>;

/** Every endpoint some sandbox built in this process serves (tests prove each declared call is served through its schema). */
export const servedEndpoints = new Set<Endpoint>();

/** Serves a call of the back-office contract at its path; what it answers must be what the contract says. */
export function serve<E extends Endpoint>(app: FastifyInstance, e: E, handler: Handler<E>): void {
  servedEndpoints.add(e);
  app.route({ method: e.method, url: routeOf(e), config: { endpoint: e }, handler });
}

/** Marks an injected fault's answer: it is meant to break the contract. */
export const FAULT_HEADER = 'x-sandbox-fault';

/**
 * The sandbox never answers outside the contract: a 2xx answer of a contract route that its
 * schema refuses is a sandbox bug, answered as a 500 naming the path and the field, so the test
 * that reached it fails.
 */
export async function answerGuard(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const e = request.routeOptions.config.endpoint;
  if (!e || reply.statusCode >= 300 || reply.hasHeader(FAULT_HEADER) || reply.hasHeader(REPLAY_HEADER)) return payload;
  const checked = violationOf(e, payload);
  if (!checked.ok) throw new Error(`sandbox answer breaks the contract: ${e.method} ${e.path} at ${checked.field} (${checked.problem})`);
  return payload;
}
