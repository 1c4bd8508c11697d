import type { UpstreamClient } from '../../plugins/core/upstream-client.js';

export interface LoginAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  statusMfa?: 'NAO_REQUER' | 'REQUER_MFA';
  usuario: {
    nome: string;
    inscricaoNacional: string;
    tipoPessoa: 'F' | 'J';
    senhaExpirada?: boolean;
    dataNascimentoFundacao?: string;
    email?: string;
    celular?: string;
    atualizacaoCadastralObrigatoria?: boolean;
  };
}

export type LoginCredentials =
  | { type: 'cpf' | 'cnpj'; username: string; password: string }
  | { type: 'cota'; codigoGrupo: string; codigoCota: string; versao: string; password: string };

/** POST login: form fields + grant_type=password, with the client's basic auth (spec doc 1 §7). */
export function login(upstream: UpstreamClient, partnerId: number, credentials: LoginCredentials): Promise<LoginAnswer> {
  return upstream.call<LoginAnswer>({
    method: 'POST',
    path: 'login',
    basicAuth: true,
    form: { grant_type: 'password', idParceiro: String(partnerId), ...credentials },
  });
}
