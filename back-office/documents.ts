import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** Doc 1 §7 "Statements and documents" and the quota's available values (doc 1 §3 "Available values"). */

export const MonthlyStatement = z.object({ hash: z.string(), referencia: z.string(), assembleia: z.number() });
export type MonthlyStatement = z.infer<typeof MonthlyStatement>;

export const AccountStatement = z.object({
  lancamentos: z.array(z.object({ data: z.string(), descricao: z.string(), valor: z.number(), tipo: z.enum(['C', 'D']) })),
  totalPago: z.number(),
  percentualPago: z.number(),
  saldoDevedor: z.number(),
});
export type AccountStatement = z.infer<typeof AccountStatement>;

export const AvailableValues = z.object({ VlrAPagar: z.number(), VlrCreditoCorrigido: z.number() });
export type AvailableValues = z.infer<typeof AvailableValues>;

export const documents = {
  currentStatement: endpoint({ method: 'GET', path: 'cotas/{id}/demonstrativo-atual', group: 'cotas/demonstrativo', answer: MonthlyStatement }),
  previousStatement: endpoint({ method: 'GET', path: 'cotas/{id}/demonstrativo-anterior/{x}', group: 'cotas/demonstrativo', answer: MonthlyStatement }),
  taxYears: endpoint({ method: 'GET', path: 'cotas/{id}/informe-anual-rendimentos', group: 'cotas/informe-anual-rendimentos', answer: z.object({ anos: z.array(z.number()) }) }),
  accountStatement: endpoint({ method: 'GET', path: 'cotas/{id}/extrato', group: 'cotas/extrato', answer: AccountStatement }),
  availableValues: endpoint({ method: 'GET', path: 'cotas/{id}/valor-disponivel', group: 'cotas/valor-disponivel', answer: AvailableValues }),
};
