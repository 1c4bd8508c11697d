import { z } from 'zod';

/** The account types the back office knows (doc 2 §3.6, §3.7). */
export const AccountType = z.enum(['CORRENTE', 'POUPANCA']);
export type AccountType = z.infer<typeof AccountType>;

/**
 * A bank account the credit is paid into (doc 2 §3.6 dadosBancarios): the customer's own account
 * for cash billing, the dealership's for a new vehicle. `titularDocumento` is the holder's CPF/CNPJ:
 * the quota holder's (cash) or the dealership's CNPJ (new vehicle, doc 2 §5).
 */
export const BankData = z.object({
  banco: z.string(),
  agencia: z.string(),
  digitoAgencia: z.string().optional(),
  conta: z.string(),
  tipoConta: AccountType,
  titularDocumento: z.string(),
});
export type BankData = z.infer<typeof BankData>;
