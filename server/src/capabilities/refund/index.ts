import type { FastifyInstance } from 'fastify';
import bankData from './bank-data.js';
import documents from './documents.js';
import payment from './payment.js';
import start from './start.js';

/**
 * Refund (doc 2 §2.7, §3.7, §4.6), a phase-driven flow shaped like cash billing: /devolucao picks
 * the screen for the status from the definitions (refund-screen); here are the start and status
 * screens, the values, the bank data, the documents and the payment. Only for a cancelled quota
 * that was contemplated or a quota in a closed group. Each part reads the refund state itself, so
 * any device continues.
 */
export default async function refund(app: FastifyInstance) {
  for (const part of [start, bankData, documents, payment]) await app.register(part);
}
