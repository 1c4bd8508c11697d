import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * Doc 2 §7 "Insurance and other": the quota's insurance data. `possui_seguro` S means already
 * insured (doc 2 §4.9); the simulation shows the monthly premium and the unemployment cover
 * (up to `mesesCobertura` instalments of `valorParcela`, 6 in the spec).
 */
export const InsuranceData = z.object({
  possui_seguro: z.enum(['S', 'N']),
  valorParcela: z.number(),
  premioMensal: z.number(),
  mesesCobertura: z.number().int().min(1),
});
export type InsuranceData = z.infer<typeof InsuranceData>;

export const insurance = {
  data: endpoint({ method: 'GET', path: 'cotas/{id}/seguro/dados', answer: InsuranceData }),
};
