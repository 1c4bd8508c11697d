/**
 * The back office's `/app-cliente/v1` contract (spec doc 1 §7, doc 2 §7): every call the server
 * makes, with its request and answer schemas by the spec's field names. The server validates what
 * it receives with it (`CustomerUpstream.request`), the sandbox answers through it (`serve`).
 * One file per area of the spec; add a call here before using it on either side.
 */
export * from './endpoint.js';
export * from './bank-data.js';
export * from './cash-billing.js';
export * from './document-analysis.js';
export * from './session.js';
export * from './quotas.js';
export * from './assistant.js';
// quota transfer, insurance offer, post-sale onboarding.
export * from './quota-transfer.js';
export * from './insurance.js';
export * from './post-sale.js';
export * from './awarded.js';
export * from './vehicle-billing.js';
export * from './refund.js';
export * from './slips.js';
export * from './documents.js';
export * from './bids.js';
export * from './crm.js';
// Used vehicles up to the inspection: plate, simulation, inspection.
export * from './used-vehicle.js';
// Used vehicles: seller, contract and payment.
export * from './used-vehicle-seller.js';
// Registration data, help, service requests and quota files.
export * from './registration.js';
export * from './help.js';
export * from './service.js';
export * from './files.js';
// notifications and user preferences.
export * from './notifications.js';
