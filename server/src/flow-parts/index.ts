/**
 * Parts shared by the phase-driven flows (cash billing, awarded, refund, vehicle billing): not a
 * capability (no routes), plain functions over the customer's upstream. What is here:
 * - the CRM case of a flow and its saved progress in DadosApp__c, with the phase-change rule;
 * - documents: the catalogue by income type (short and full lists, categories, company, partner
 *   and new-partner documents), identity types with minimum pages, the proof-of-residence rule,
 *   file checks by content/size/count, the document form (schema + checks), a person's document
 *   field (files per document, identity type, rural invoices), upload to
 *   arquivos/v2 and the analysis request (antifraude/analise-documento/<verb>).
 */
export * from './case-progress.js';
export * from './documents/catalogue.js';
export * from './documents/identity.js';
export * from './documents/file-checks.js';
export * from './documents/residence.js';
export * from './documents/uploads.js';
export * from './documents/document-form.js';
export * from './documents/person-fields.js';
export * from './documents/analysis.js';
export * from './refusal.js';
