import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * Doc 1 §7 "Registration data", doc 2 §7 "Reference and registration": the quota holder's e-mails,
 * phones and addresses (GET/PUT cotas/{id}/dados-cadastrais, a change carries the auth_token of a
 * checked SMS code), the CEP lookup, the reference lists, income and assets
 * (core/dados-cadastrais/status, atualizar), bank data, Pix keys, the registration confirmation of
 * a mandatory update and the password change.
 */

export const RegistrationAddress = z.object({
  tipo: z.number().int(),
  cep: z.string(),
  logradouro: z.string(),
  numero: z.string(),
  complemento: z.string().nullish(),
  bairro: z.string(),
  cidade: z.string(),
  uf: z.string(),
  principal: z.boolean().optional(),
});
export const RegistrationEmail = z.object({ email: z.string(), principal: z.boolean().optional() });
export const RegistrationPhone = z.object({ ddd: z.string(), numero: z.string(), tipo: z.number().int() });

export const Registration = z.object({
  emails: z.array(RegistrationEmail),
  telefones: z.array(RegistrationPhone),
  enderecos: z.array(RegistrationAddress),
});
export type Registration = z.infer<typeof Registration>;

/** One item of a reference list (tipos-registro/…): its code and description. */
export const ReferenceItem = z.object({ codigo: z.number().int(), descricao: z.string() });
export const REFERENCE_LISTS = ['tipos-endereco', 'tipos-telefone', 'profissoes', 'regimes-casamento', 'tipos-acessibilidade', 'estados-civil', 'tipos-documento'] as const;
export type ReferenceList = (typeof REFERENCE_LISTS)[number];

/** Income and assets as the back office keeps them (codes from the reference lists). */
export const IncomeState = z.object({
  status: z.string().optional(),
  valorRenda: z.number().nullish(),
  profissao: z.number().int().nullish(),
  estadoCivil: z.number().int().nullish(),
  regimeCasamento: z.number().int().nullish(),
  tipoAcessibilidade: z.number().int().nullish(),
});

const group = 'cotas/dados-cadastrais';

export const registration = {
  get: endpoint({ method: 'GET', path: 'cotas/{id}/dados-cadastrais', group, answer: Registration }),
  update: endpoint({
    method: 'PUT',
    path: 'cotas/{id}/dados-cadastrais',
    group,
    body: z.object({
      authToken: z.string(),
      enderecos: z.array(RegistrationAddress.omit({ principal: true })).optional(),
      emails: z.array(z.object({ email: z.string() })).optional(),
      telefones: z.array(RegistrationPhone).optional(),
    }),
    answer: z.unknown(),
  }),
  /** The address of a CEP (8 digits, no hyphen). */
  cep: endpoint({
    method: 'GET',
    path: 'buscas/cep/{zipcode}',
    answer: z.object({ cep: z.string().optional(), logradouro: z.string(), bairro: z.string(), cidade: z.string(), uf: z.string() }),
  }),
  /** One of the seven reference lists (`lista` ∈ REFERENCE_LISTS). */
  list: endpoint({ method: 'GET', path: 'tipos-registro/{lista}', group: 'tipos-registro', answer: z.object({ data: z.array(ReferenceItem) }) }),
  bankAccounts: endpoint({
    method: 'GET',
    path: 'core/dados-cadastrais/dados-bancarios',
    answer: z.object({
      data: z.array(z.object({ banco: z.string().optional(), nomeBanco: z.string(), agencia: z.string(), conta: z.string(), digitoConta: z.string(), tipoConta: z.string(), titularDocumento: z.string() })),
    }),
  }),
  pixKeys: endpoint({ method: 'GET', path: 'core/dados-cadastrais/chaves-pix', answer: z.object({ data: z.array(z.object({ tipo: z.string(), chave: z.string() })) }) }),
  incomeState: endpoint({ method: 'GET', path: 'core/dados-cadastrais/status', answer: IncomeState }),
  updateIncome: endpoint({
    method: 'PATCH',
    path: 'core/dados-cadastrais/atualizar',
    body: z.object({
      authToken: z.string(),
      valorRenda: z.number().nullish(),
      profissao: z.number().int(),
      estadoCivil: z.number().int(),
      regimeCasamento: z.number().int().nullish(),
      tipoAcessibilidade: z.number().int(),
    }),
    answer: z.unknown(),
  }),
  /** Confirms the registration data of a mandatory update (the CRM case moves to 'Ciente'). */
  confirm: endpoint({ method: 'GET', path: 'core/dados-cadastrais/confirmar-dados', changesData: true, answer: z.looseObject({ confirmado: z.boolean().optional() }) }),
  changePassword: endpoint({
    method: 'POST',
    path: 'cotas/{id}/alterar-senha',
    group: 'cotas/alterar-senha',
    body: z.object({ senhaAtual: z.string(), novaSenha: z.string(), inscricaoNacional: z.string() }),
    answer: z.unknown(),
  }),
};
