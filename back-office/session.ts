import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** Doc 1 §7 "Session": login, token refresh, quota selection, one-time codes, password recovery. */

export const Tokens = z.object({ access_token: z.string().min(1), refresh_token: z.string().min(1), expires_in: z.number() });

/** The customer as login answers it (doc 1 §3 "Login credentials", "Session"). */
export const LoginUser = z.object({
  nome: z.string(),
  inscricaoNacional: z.string(),
  tipoPessoa: z.enum(['F', 'J']),
  senhaExpirada: z.boolean().optional(),
  dataNascimentoFundacao: z.string().optional(),
  email: z.string().optional(),
  celular: z.string().optional(),
  atualizacaoCadastralObrigatoria: z.boolean().optional(),
});

export const LoginAnswer = Tokens.extend({
  statusMfa: z.enum(['NAO_REQUER', 'REQUER_MFA']).optional(),
  usuario: LoginUser,
});
export type LoginAnswer = z.infer<typeof LoginAnswer>;

/** A quota (doc 1 §3 "Quota"), as `cotas`, `cota/{id}` and `login/cota-selecionada` answer it. */
export const Quota = z.object({
  idCota: z.number().int(),
  cota: z.string(),
  grupo: z.string(),
  versao: z.string(),
  tipo: z.enum(['imovel', 'servico', 'auto', 'pesados']),
  apelido: z.string().nullish(),
  fotoUrl: z.string().nullish(),
  nomePessoa: z.string().optional(),
  numeroCotasCliente: z.number().optional(),
  valorBem: z.number(),
  valorSaldoDevedor: z.number(),
  situacaoCota: z.string(),
  statusGrupo: z.string().optional(),
  dataContemplacao: z.string().nullish(),
  modalidadeContemplacao: z.string().nullish(),
  idUnidadeNegocio: z.union([z.number(), z.string()]).optional(),
  parcelasAtraso: z.number().optional(),
  parcelasRestantes: z.number().optional(),
  parcelasPagas: z.number().optional(),
  cdInscricaoNacional: z.string().optional(),
  /** Group term in months. */
  prazo: z.number().optional(),
  assembleiaAtual: z.number().optional(),
  dataProximaAssembleia: z.string().nullish(),
  perfil: z.object({ senhaExpirada: z.boolean().optional(), noAssembleia: z.boolean().optional() }).optional(),
});
export type Quota = z.infer<typeof Quota>;

const Message = z.object({ message: z.string().optional() });

export const session = {
  /** Form fields plus grant_type=password, with the client's basic auth. */
  login: endpoint({ method: 'POST', path: 'login', customerToken: 'none', answer: LoginAnswer }),
  refresh: endpoint({ method: 'POST', path: 'login/refresh', customerToken: 'none', body: z.object({ refresh_token: z.string() }), answer: Tokens }),
  selectQuota: endpoint({
    method: 'POST',
    path: 'login/selecionar-cota',
    body: z.object({ idCota: z.number().int() }),
    answer: z.object({ accessToken: z.string().min(1), refreshToken: z.string().min(1), expires_in: z.number().optional(), codigoGrupo: z.string(), codigoCota: z.string(), versao: z.string() }),
  }),
  selectedQuota: endpoint({ method: 'GET', path: 'login/cota-selecionada', answer: Quota }),
  /** A partner's one-use token exchanged for the customer's tokens (and the quota it names, and the agent acting). */
  transparent: endpoint({
    method: 'POST',
    path: 'login/transparente',
    group: 'login',
    customerToken: 'none',
    body: z.object({ token: z.string() }),
    answer: LoginAnswer.extend({ idCota: z.number().int().nullish(), agente: z.string().nullish() }),
  }),
  sendCode: endpoint({ method: 'POST', path: 'verificacao/{canal}', group: 'verificacao', answer: z.object({ destino: z.string().optional() }) }),
  checkCode: endpoint({ method: 'PATCH', path: 'verificacao', customerToken: 'none', body: z.object({ codigo: z.string() }), answer: z.object({ auth_token: z.string().optional() }) }),
  forgotPassword: endpoint({
    method: 'POST',
    path: 'login/recuperar-senha/cliente',
    group: 'login/recuperar-senha',
    customerToken: 'none',
    body: z.object({ inscricaoNacional: z.string(), email: z.string(), dataNascimentoFundacao: z.string() }),
    answer: Message,
  }),
  identityCheckStart: endpoint({ method: 'POST', path: 'antifraude/recuperacao-senha/iniciar', group: 'antifraude/recuperacao-senha', customerToken: 'none', body: z.object({ inscricaoNacional: z.string(), dataNascimentoFundacao: z.string() }), answer: z.object({ id: z.string().min(1), status: z.string().optional() }) }),
  identityCheckStatus: endpoint({ method: 'GET', path: 'antifraude/recuperacao-senha/status/{id}', group: 'antifraude/recuperacao-senha', customerToken: 'none', answer: z.object({ status: z.string() }) }),
  /** The identity document analysis of the profile (files uploaded through arquivos/v2 first); its status is identityCheckStatus. */
  identityDocuments: endpoint({
    method: 'POST',
    path: 'antifraude/analise-documento/nl/solicitar',
    group: 'antifraude/analise-documento',
    customerToken: 'none',
    body: z.object({ inscricaoNacional: z.string(), tipoDocumento: z.string(), arquivos: z.array(z.string()) }),
    answer: z.object({ id: z.string().min(1), status: z.string().optional() }),
  }),
  identityCheckEmail: endpoint({ method: 'POST', path: 'recuperar-senha/e-mail', customerToken: 'none', body: z.object({ id: z.string(), email: z.string() }), answer: Message }),
};

/** Doc 1 §7 "Partner and content": the partner's customization, maintenance warnings, versions, the server clock. */
export const Partner = z.object({
  id: z.number().int(),
  name: z.string(),
  colors: z.object({ primary: z.string().optional(), secondary: z.string().optional() }).optional(),
  logo_url: z.string().nullish(),
  icon_url: z.string().nullish(),
  business_unit_id: z.string().optional(),
  domain: z.string().optional(),
  whatsapp_url: z.string().nullish(),
  link_atendimento_whatsapp: z.string().nullish(),
  prazo_geral_faturamento_bem: z.number().optional(),
  prazo_pagamento_faturamento: z.number().optional(),
  /** Origins allowed to frame the app (CSP frame-ancestors); none when absent. */
  frame_ancestors: z.array(z.string()).optional(),
});
export type Partner = z.infer<typeof Partner>;

export const MaintenanceWarning = z.object({ startDate: z.string(), startHour: z.string(), endDate: z.string(), endHour: z.string(), active: z.boolean(), text: z.string() });
export type MaintenanceWarning = z.infer<typeof MaintenanceWarning>;

/** A version of the app; the highest id of a platform is its current one. */
export const AppVersion = z.object({ id: z.number(), platform: z.string(), version: z.string(), mandatory: z.boolean() });

export const partners = {
  /** Every partner (the operations console's gallery and themes). */
  list: endpoint({ method: 'GET', path: 'parceiros', customerToken: 'none', answer: z.object({ data: z.array(Partner) }) }),
  /** The same for every visitor of a domain (spec doc 1 §7: fetched at start-up and cached unless absent); the server may shorten it (PARTNER_CACHE_SECONDS). */
  configuration: endpoint({ method: 'GET', path: 'parceiros/configuracao', customerToken: 'none', query: z.object({ domain: z.string() }), answer: Partner, keep: { for: 'everyone', seconds: 300, refreshAfterSeconds: 240 } }),
  /** A maintenance notice is planned ahead: a minute late is early enough, and every customer of the partner reads the same. */
  warnings: endpoint({ method: 'GET', path: 'parceiros/{id}/warnings', group: 'parceiros/warnings', customerToken: 'none', answer: z.object({ data: z.array(MaintenanceWarning) }), keep: { for: 'partner', seconds: 60, refreshAfterSeconds: 30 } }),
  /** A mandatory update is published ahead of the day it is enforced. */
  versions: endpoint({ method: 'GET', path: 'versoes', customerToken: 'none', answer: z.object({ data: z.array(AppVersion) }), keep: { for: 'everyone', seconds: 60, refreshAfterSeconds: 30 } }),
  /**
   * The back office's clock in Brasília (dataAtual YYYY-MM-DD, horaAtual HH:mm:ss). What is kept
   * is its offset from the server's own clock (upstream/server-time.ts moves a kept answer on by
   * the time since it was read), one for everyone.
   */
  serverTime: endpoint({ method: 'GET', path: 'util/datahoraatual', answer: z.object({ dataAtual: z.string().optional(), horaAtual: z.string().optional() }), keep: { for: 'everyone', seconds: 300, refreshAfterSeconds: 60 } }),
};
