import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** Doc 1 §7 "CRM case calls" (composite request wrappers). Case records keep every field the CRM sends (doc 1 §3 "CRM case"). */

export const CaseRecord = z.looseObject({ CaseNumber: z.string().optional(), Status: z.string().optional() });

export const crm = {
  cases: endpoint({
    method: 'POST',
    path: 'salesforce/consulta/casos',
    group: 'salesforce/consulta',
    answer: z.object({ compositeResponse: z.array(z.object({ httpStatusCode: z.number(), body: z.looseObject({ records: z.array(CaseRecord).optional() }) })) }),
  }),
};

/** Case creation (composite create on CRM API v43.0): the composite status says whether the case was opened (200/201), its body the CaseNumber or the CRM's errors. */
export const CaseCreateRequest = z.object({
  compositeRequest: z
    .array(
      z.object({
        method: z.literal('POST'),
        url: z.string(),
        referenceId: z.string(),
        body: z.object({ AccountId: z.string(), Cota__r: z.object({ IdExterno__c: z.string() }), Type: z.string(), Description: z.string().optional(), Origin: z.string().optional() }),
      }),
    )
    .length(1),
});

/** A case update (Fase__c, Origin, Observacao__c, DadosApp__c): the app keeps a flow's progress in DadosApp__c. */
export const CaseUpdate = z.object({ Origin: z.string(), Fase__c: z.string().optional(), Observacao__c: z.string().optional(), DadosApp__c: z.string().optional() });

export const crmCases = {
  /** The customer's CRM account id, needed to open a case. */
  accountId: endpoint({ method: 'POST', path: 'salesforce/consulta/accountid', group: 'salesforce/consulta', body: z.object({ CPF_CNPJ: z.string() }), answer: z.object({ accountId: z.string().min(1) }) }),
  create: endpoint({
    method: 'POST',
    path: 'salesforce/casos',
    body: CaseCreateRequest,
    answer: z.object({ compositeResponse: z.array(z.object({ referenceId: z.string().optional(), httpStatusCode: z.number().int(), body: z.unknown() })) }),
  }),
  update: endpoint({
    method: 'POST',
    path: 'salesforce/contemplacao/casos/{caseNumber}',
    group: 'salesforce/contemplacao',
    body: CaseUpdate,
    answer: z.looseObject({ compositeResponse: z.array(z.looseObject({ httpStatusCode: z.number().int() })).optional() }),
  }),
};
