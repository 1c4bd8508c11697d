import { session, type LoginAnswer } from '../../../../back-office/index.js';
import type { UpstreamClient } from '../../upstream/client.js';

export type { LoginAnswer } from '../../../../back-office/index.js';

export type LoginCredentials =
  | { type: 'cpf' | 'cnpj'; username: string; password: string }
  | { type: 'cota'; codigoGrupo: string; codigoCota: string; versao: string; password: string };

/** POST login: form fields + grant_type=password, with the client's basic auth (spec doc 1 §7). */
export function login(upstream: UpstreamClient, partnerId: number, credentials: LoginCredentials): Promise<LoginAnswer> {
  return upstream.request(session.login, { basicAuth: true, form: { grant_type: 'password', idParceiro: String(partnerId), ...credentials } });
}
