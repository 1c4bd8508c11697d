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
