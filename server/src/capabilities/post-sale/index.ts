import type { FastifyInstance } from 'fastify';
import callback from './callback.js';
import registration from './registration.js';
import security from './security.js';
import steps from './steps.js';

/**
 * Post-sale onboarding (doc 2 §2.8, §4.7): /pos-venda and its 16 routes, the 13-step wizard of
 * the definition post-sale-wizard (steps, routes and texts), progress kept in the post-sale
 * case's DadosApp__c. The home card and the 'e-mail enviado' notification come from the
 * post-sale-card table (capabilities/home).
 */
export default async function postSale(app: FastifyInstance) {
  for (const part of [steps, security, registration, callback]) await app.register(part);
}
