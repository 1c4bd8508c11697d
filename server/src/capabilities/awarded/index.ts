import type { FastifyInstance } from 'fastify';
import analysis from './analysis.js';
import checks from './checks.js';
import documents from './documents.js';
import entry from './entry.js';
import offer from './offer.js';

/**
 * The awarded (contemplated) flow (doc 2 §2.2, §4.3), phase-driven like cash billing:
 * /contemplado picks the screen from the status table and the step order from the wizard
 * (screens/flows/awarded-flow-*.json); each part reads the flow state and the CRM case itself.
 */
export default async function awardedFlow(app: FastifyInstance) {
  for (const part of [entry, offer, checks, documents, analysis]) await app.register(part);
}
