import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '../../back-office/index.js';
import { serve } from './contract.js';
import { notFound } from './http.js';
import type { QuotaRecord } from './state/store.js';

/** The core system's answer when a quota has no such process (doc 2 §8: ignored on status loads). */
export const NO_PROCESS = 'sua cota não possui processos';

/**
 * Serves a contract call on a process of the caller's quota (cash billing, refund…): the quota
 * (`quotaOf` sends its own refusal), then its process (404 "sua cota não possui processos" when it
 * has none), then the handler's answer.
 */
export function serveQuotaProcess<E extends Endpoint, P>(
  app: FastifyInstance,
  e: E,
  quotaOf: (request: FastifyRequest, reply: FastifyReply) => QuotaRecord | null,
  processOf: (quota: QuotaRecord) => P | undefined,
  handler: (quota: QuotaRecord, process: P, request: FastifyRequest, reply: FastifyReply) => Promise<z.input<E['answer']> | FastifyReply>,
): void {
  serve(app, e, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    const process = processOf(quota);
    if (!process) return notFound(reply, NO_PROCESS);
    return handler(quota, process, request, reply);
  });
}
