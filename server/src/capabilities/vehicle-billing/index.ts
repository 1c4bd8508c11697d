import type { FastifyInstance } from 'fastify';
import dealership from './dealership.js';
import documents from './documents.js';
import { billingOf, type Steps } from './flow.js';
import general from './general.js';
import payment from './payment.js';
import order from './order.js';
import usedInspection from './used-inspection.js';
import usedInspectionTechnical from './used-inspection-technical.js';
import usedInspectionRefused from './used-inspection-refused.js';
import usedRegistration from './used-registration.js';
import usedSimulation from './used-simulation.js';
import usedCentral from './used-central.js';
import usedContract from './used-contract.js';
import usedOwnerDocuments from './used-owner-documents.js';
import usedPayment from './used-payment.js';
import usedSeller from './used-seller.js';
import vehicle from './vehicle.js';

/**
 * Vehicle billing (doc 2 §2.4, §2.6, §4.5): the general billing screens, the new vehicle up to
 * the purchase order and the payment, the used vehicle from its registration to the payment to
 * its seller, and manual billing. /faturamento (in home) picks the
 * screen from the definitions; every screen here is drawn by the `veiculo-etapa` layout from the
 * step its part registered for the route, and reads the billing state itself, so any device
 * continues.
 */
export default async function vehicleBilling(app: FastifyInstance) {
  const steps: Steps = new Map();
  for (const part of [general, vehicle, dealership, order, documents, payment]) await app.register(part, { steps });
  // Used vehicle up to the inspection.
  for (const part of [usedRegistration, usedSimulation, usedInspection, usedInspectionTechnical, usedInspectionRefused]) await app.register(part, { steps });
  // Used vehicle: central and payment timeline, seller, owner documents, contract.
  for (const part of [usedSeller, usedOwnerDocuments, usedContract, usedPayment]) await app.register(part, { steps });
  await app.register(usedCentral);

  app.screens.register('veiculo-etapa', async (ctx) => {
    const build = steps.get(ctx.route.path);
    if (!build) throw new Error(`no vehicle-billing step for ${ctx.route.path}`);
    const data = await billingOf(ctx.upstream!);
    return { ...(await build(ctx, data)) };
  });
}
