import { session } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { basicCredentials, fail, grantOf, invalid, notFound } from '../http.js';
import { quotaView } from '../quota-view.js';
import type { SandboxContext } from '../context.js';

const LoginForm = z.object({
  grant_type: z.literal('password'),
  idParceiro: z.coerce.number().int().positive(),
  type: z.enum(['cpf', 'cnpj', 'cota']).default('cpf'),
  username: z.string().optional(),
  password: z.string().min(1),
  codigoGrupo: z.string().optional(),
  codigoCota: z.string().optional(),
  versao: z.string().optional(),
});

const WRONG_CREDENTIALS = 'Usuário ou senha inválidos.';

/** Session routes: login, login/refresh, login/selecionar-cota, login/cota-selecionada (spec doc 1 §7). */
export default async function sessionRoutes(app: FastifyInstance, { state, options }: SandboxContext) {
  function clientIsKnown(authorization: ReturnType<typeof basicCredentials>): boolean {
    return authorization?.id === options.clientId && authorization.secret === options.clientSecret;
  }

  serve(app, session.login, async (request, reply) => {
    if (!clientIsKnown(basicCredentials(request))) return fail(reply, 401, 'Cliente não autorizado.', 'INVALID_CLIENT');
    const parsed = LoginForm.safeParse(request.body);
    if (!parsed.success) return invalid(reply, 'Parâmetros de login inválidos.');
    const form = parsed.data;
    const customer =
      form.type === 'cota'
        ? state.customers.get(state.findQuotaByKey(form.codigoGrupo ?? '', form.codigoCota ?? '', form.versao ?? '')?.owner ?? '')
        : state.findCustomerByDocument(form.username ?? '');
    if (!customer || customer.password !== form.password || customer.partnerId !== form.idParceiro) return fail(reply, 400, WRONG_CREDENTIALS);
    const tokens = state.issueTokens(customer.key);
    return {
      ...tokens,
      statusMfa: customer.requerMfa ? ('REQUER_MFA' as const) : ('NAO_REQUER' as const),
      usuario: {
        nome: customer.nome,
        inscricaoNacional: customer.document,
        tipoPessoa: customer.tipoPessoa,
        email: customer.email,
        celular: customer.celular,
        senhaExpirada: customer.senhaExpirada === true,
        dataNascimentoFundacao: customer.dataNascimento,
        atualizacaoCadastralObrigatoria: customer.atualizacaoCadastralObrigatoria === true,
      },
    };
  });

  serve(app, session.refresh, async (request, reply) => {
    if (!clientIsKnown(basicCredentials(request))) return fail(reply, 401, 'Cliente não autorizado.', 'INVALID_CLIENT');
    const token = (request.body as { refresh_token?: unknown } | undefined)?.refresh_token;
    if (typeof token !== 'string' || !token) return invalid(reply, 'refresh_token é obrigatório.');
    const grant = state.refreshTokens.get(token);
    if (!grant || state.revokedFamilies.has(grant.family)) return fail(reply, 401, 'Sessão expirada.', 'INVALID_GRANT');
    if (grant.used) {
      // Used again within the reuse grace (SANDBOX_REFRESH_REUSE_SECONDS): the caller lost the
      // answer (a crash between the rotation and its save), so it gets the same rotation again.
      // No grace (0, the default) means every reuse revokes, also one in the same millisecond.
      if (grant.rotation && options.refreshReuseSeconds > 0 && state.clock.now() - (grant.usedAt ?? 0) <= options.refreshReuseSeconds * 1000) {
        state.refreshReuse.replayed++;
        return grant.rotation;
      }
      // A rotated refresh token used again: someone holds a copy. Revoke the whole family.
      state.revokedFamilies.add(grant.family);
      state.refreshReuse.revoked++;
      return fail(reply, 401, 'Sessão expirada.', 'INVALID_GRANT');
    }
    if (state.clock.now() > grant.expiresAt + options.refreshTtlSeconds * 1000) return fail(reply, 401, 'Sessão expirada.', 'INVALID_GRANT');
    grant.used = true;
    grant.usedAt = state.clock.now();
    grant.rotation = state.issueTokens(grant.customer, grant.idCota, grant.family);
    return grant.rotation;
  });

  serve(app, session.selectQuota, async (request, reply) => {
    const grant = grantOf(request);
    const idCota = Number((request.body as { idCota?: unknown } | undefined)?.idCota);
    if (!Number.isInteger(idCota)) return invalid(reply, 'idCota é obrigatório.');
    const quota = state.quotas.get(idCota);
    if (!quota || quota.owner !== grant.customer) return notFound(reply, 'Cota não encontrada.');
    const tokens = state.issueTokens(grant.customer, idCota);
    return {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      expires_in: tokens.expires_in,
      codigoGrupo: quota.grupo,
      codigoCota: quota.cota,
      versao: quota.versao,
    };
  });

  serve(app, session.selectedQuota, async (request, reply) => {
    const grant = grantOf(request);
    const quota = grant.idCota === undefined ? undefined : state.quotas.get(grant.idCota);
    if (!quota) return fail(reply, 400, 'Nenhuma cota selecionada.');
    const owner = state.customers.get(quota.owner)!;
    return quotaView(quota, owner, state.clock, state.quotasOf(owner.key).length);
  });
}
