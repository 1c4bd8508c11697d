import { z } from 'zod';
import { AccountType } from './bank-data.js';
import { endpoint } from './endpoint.js';

/**
 * Doc 2 §3.6, §5, §7 — the seller of a used vehicle (POST core/faturamento/auto/dados-vendedor);
 * the owner documents go to analysis through the document-analysis verbs (solicitar-vendedor,
 * solicitar-vendedor-reenvio, solicitar-reanalise-faturamento). The seller's data is posted page
 * by page (personal data, then bank data; after a reversed payment, the bank data again) and read
 * back with GET dados-vendedor (path of the spec's POST; the reading is not shown in the spec).
 */

/** Seller kinds (doc 2 §3.6 enumeration). */
export const SellerKind = z.enum(['PF', 'REVENDEDORA_CONCESSIONARIA', 'LOCADORA', 'OUTRAS_EMPRESAS']);
export type SellerKind = z.infer<typeof SellerKind>;

/** A person has name and CPF; a company its trade name and CNPJ (doc 2 §3.6). */
export const SellerPerson = z.object({
  nome: z.string().min(1),
  /** CPF (person) or CNPJ (company), digits (and letters for the alphanumeric CNPJ) only. */
  documento: z.string().min(11).max(14),
  email: z.string().optional(),
  telefone: z.string().optional(),
});
export type SellerPerson = z.infer<typeof SellerPerson>;

/** Bank data (doc 2 §3.6): bank (idBanco), account type, branch, branch digit, account with digit (no slash or hyphen). */
export const SellerBankData = z.object({
  idBanco: z.string(),
  tipoConta: AccountType,
  agencia: z.string(),
  digitoAgencia: z.string().optional(),
  conta: z.string().regex(/^\d+$/),
  /** The account holder: the seller's CPF, or the company's CNPJ (doc 2 §5). */
  titularDocumento: z.string(),
});
export type SellerBankData = z.infer<typeof SellerBankData>;

export const SellerData = z.object({
  tipoVendedor: SellerKind.nullable(),
  vendedor: SellerPerson.nullable(),
  dadosBancarios: SellerBankData.nullable(),
});
export type SellerData = z.infer<typeof SellerData>;

/** The seller's checklist (doc 2 §5): the seller's signature recognised, invoice value = DUT/ATPV value, fiduciary-alienation text on the exit invoice. */
export const SellerChecklist = z.object({
  assinaturaReconhecida: z.literal(true),
  valorNotaIgualDut: z.boolean().optional(),
  alienacaoFiduciariaNaNota: z.boolean().optional(),
});

const Status = z.object({ status: z.string() });

/**
 * What the seller's document calls (solicitar-vendedor, solicitar-vendedor-reenvio,
 * solicitar-reanalise-faturamento of `document-analysis.ts`, whose request is open to more fields)
 * send besides the file ids: which document each file is and, on the first sending, the checklist.
 */
export const SellerDocumentsExtra = z.object({ documentos: z.array(z.object({ codigo: z.string(), id: z.string() })).min(1), checklist: SellerChecklist.optional() });

export const usedVehicleSeller = {
  sellerData: endpoint({ method: 'GET', path: 'core/faturamento/auto/dados-vendedor', query: z.object({ idCota: z.number().int() }), answer: SellerData }),
  /** Personal data, bank data, or both; `estorno` after a reversed payment asks the payment again. */
  saveSellerData: endpoint({
    method: 'POST',
    path: 'core/faturamento/auto/dados-vendedor',
    body: z.object({ idCota: z.number().int(), tipoVendedor: SellerKind, vendedor: SellerPerson.optional(), dadosBancarios: SellerBankData.optional(), estorno: z.boolean().optional() }),
    answer: Status,
  }),
};
