/**
 * Documents of the billing flows (doc 2 §3.3, §5): PDF, JPG or JPEG up to 6 MB, a number of
 * files per field, every file required; the type is read from the content (magic bytes), never
 * from the name, so a renamed file is refused. Messages exactly as the spec writes them.
 */
export const MAX_BILLING_FILE_BYTES = 6 * 1024 * 1024;

export const BILLING_FILE_MESSAGES = {
  tooMany: (n: number) => `Somente ${n} arquivos neste campo.`,
  tooLarge: 'Um ou mais arquivos são maior que o permitido',
  badFormat: 'O formato do arquivo utilizado não atende o requisito, por favor verifique!',
  missing: 'Todos os arquivos são obrigatórios',
} as const;

/** What the content is, by its first bytes: PDF (%PDF-) or JPEG (FF D8 FF); anything else is refused. */
export function sniffType(data: Uint8Array): 'application/pdf' | 'image/jpeg' | null {
  if (data.length >= 5 && data[0] === 0x25 && data[1] === 0x50 && data[2] === 0x44 && data[3] === 0x46 && data[4] === 0x2d) return 'application/pdf';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  return null;
}

/** The problem with the files of one field (at most `max`), or null. */
export function billingFilesProblem(files: readonly Uint8Array[], max: number): string | null {
  if (files.length === 0) return BILLING_FILE_MESSAGES.missing;
  if (files.length > max) return BILLING_FILE_MESSAGES.tooMany(max);
  if (files.some((f) => f.length > MAX_BILLING_FILE_BYTES)) return BILLING_FILE_MESSAGES.tooLarge;
  if (files.some((f) => sniffType(f) === null)) return BILLING_FILE_MESSAGES.badFormat;
  return null;
}

/** Documents a company resends or sends for cash billing (doc 2 §3.3: company, partner and new-partner documents). */
export const COMPANY_DOCUMENTS = [
  { id: 'contratoSocial', label: 'Contrato social e última alteração', max: 2 },
  { id: 'documentoSocio', label: 'Documento de identidade do sócio', max: 2 },
  { id: 'comprovanteEndereco', label: 'Comprovante de endereço da empresa (até 60 dias)', max: 1 },
] as const;

/** Documents a company adds when a new partner joined it (doc 2 §3.3 documentos_novo_socio). */
export const NEW_PARTNER_DOCUMENTS = [
  { id: 'documentoNovoSocio', label: 'Documento de identidade do novo sócio', max: 2 },
  { id: 'alteracaoContratual', label: 'Alteração contratual de entrada do novo sócio', max: 2 },
] as const;
