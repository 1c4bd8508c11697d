import type { FastifyInstance } from 'fastify';
import centre from './centre.js';
import documents from './documents.js';
import identification from './identification.js';
import payment from './payment.js';
import start from './start.js';

/**
 * Cash-credit billing (doc 2 §2.3, §2.6, §4.4), the first phase-driven flow: /faturamento (in
 * home) picks the screen for the status from the definitions; here are the start, the
 * contemplation centre and status screens, identification, documents, and the payment part.
 * Each part reads the billing state and the CRM case itself, so any device continues.
 */
export default async function cashBilling(app: FastifyInstance) {
  for (const part of [start, centre, identification, documents, payment]) await app.register(part);
}
