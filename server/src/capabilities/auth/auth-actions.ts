import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { padDigits } from '../../domain/format.js';
import { parseNationalId } from '../../domain/national-id.js';
import { requestTarget, ReturnTo } from '../../security/local-target.js';
import type { ActionContext } from '../../composition/actions.js';
import { tokensFrom } from '../../upstream/customer-upstream.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import type { SessionData } from '../../storage/session-store.js';
import type { LoginThrottle } from '../../security/login-throttle.js';
import { login, type LoginCredentials } from './auth-upstream.js';
import { checkMandatoryUpdate } from './mandatory-update.js';
import { readQuotaListAhead } from '../quotas/quotas-upstream.js';
import { maskEmail, maskPhone } from '../../domain/format.js';
import { logAuth, type AuthPathway } from '../../security/auth-log.js';
import { sessionPlatform } from './customer-sessions.js';

/** Exactly 6 digits, refused before any upstream call. */
const senha = z.string('@entrar.erro.senha').regex(/^\d{6}$/, '@entrar.erro.senha');
const documento = z
  .string('@entrar.erro.documento')
  .max(18, '@entrar.erro.documento')
  .refine((v) => parseNationalId(v) !== null, '@entrar.erro.documento');
const voltar = ReturnTo;

export const IdentifyInput = z.object({ documento, voltar });

export const LoginInput = z.discriminatedUnion('modo', [
  z.object({ modo: z.literal('documento'), documento, senha, voltar }),
  z.object({
    modo: z.literal('cota'),
    grupo: z.string('@entrar.erro.grupo').trim().regex(/^\d{1,6}$/, '@entrar.erro.grupo'),
    cota: z.string('@entrar.erro.cota').trim().regex(/^\d{1,4}$/, '@entrar.erro.cota'),
    versao: z.string('@entrar.erro.versao').trim().regex(/^\d{1,2}$/, '@entrar.erro.versao').default('00'),
    senha,
    voltar,
  }),
  z.object({ modo: z.literal('mobile'), senha, voltar }),
]);
export type LoginInput = z.output<typeof LoginInput>;

export function credentialsFor(input: LoginInput, mobileDocument: string | undefined): LoginCredentials | null {
  if (input.modo === 'cota') {
    return { type: 'cota', codigoGrupo: padDigits(input.grupo, 6), codigoCota: padDigits(input.cota, 4), versao: padDigits(input.versao, 2), password: input.senha };
  }
  const id = parseNationalId(input.modo === 'documento' ? input.documento : (mobileDocument ?? ''));
  return id ? { type: id.kind, username: id.value, password: input.senha } : null;
}

export interface AuthDeps {
  text(key: string, vars?: Record<string, unknown>): string;
  sessionHours: number;
  throttle: LoginThrottle;
}

/** The identifier the throttle counts: the national id, or the quota key. */
export function accountOf(credentials: LoginCredentials): string {
  return credentials.type === 'cota' ? `${credentials.codigoGrupo}-${credentials.codigoCota}-${credentials.versao}` : credentials.username;
}

export function genericError(deps: Pick<AuthDeps, 'text'>): ActionResult {
  return { kind: 'error', title: deps.text('erro.titulo'), message: deps.text('erro.generico'), retry: true };
}

export async function handleLogin(input: LoginInput, ctx: ActionContext, deps: AuthDeps, mobileDocument: string | undefined): Promise<ActionResult> {
  const pathway: AuthPathway = `password-${input.modo}`;
  const credentials = credentialsFor(input, mobileDocument);
  if (!credentials) {
    // The mobile step without the document of its first step (absent or tampered cookie).
    logAuth(ctx.request, pathway, 'refused', 'no-document');
    return { kind: 'field-errors', errors: { documento: deps.text('entrar.erro.documento') } };
  }
  const partnerId = ctx.partner.partner.id;
  const account = accountOf(credentials);
  const verdict = await deps.throttle.verdict(account, ctx.request.ip);
  if (verdict === 'blocked' || verdict === 'too-many') {
    logAuth(ctx.request, pathway, 'refused', verdict === 'blocked' ? 'blocked' : 'limit', { customer: { partnerId, account } });
    return { kind: 'field-errors', errors: {}, message: deps.text(verdict === 'blocked' ? 'entrar.erro.bloqueado' : 'entrar.erro.muitas-tentativas') };
  }
  if (!(await deps.throttle.reserve(account))) {
    logAuth(ctx.request, pathway, 'refused', 'limit', { customer: { partnerId, account } });
    return { kind: 'field-errors', errors: {}, message: deps.text('entrar.erro.muitas-tentativas') };
  }
  let answer;
  try {
    answer = await login(ctx.request.server.upstream, partnerId, credentials);
  } catch (err) {
    if (err instanceof UpstreamError && !err.unavailable) {
      await deps.throttle.failed(account, ctx.request.ip);
      // The back office answers a wrong password and an unknown login alike.
      logAuth(ctx.request, pathway, 'failure', 'wrong-password', { customer: { partnerId, account } });
      return { kind: 'field-errors', errors: {}, message: deps.text('entrar.erro.credenciais') };
    }
    if (err instanceof UpstreamError) {
      logAuth(ctx.request, pathway, 'failure', 'unavailable', { customer: { partnerId, account } });
      return genericError(deps);
    }
    throw err;
  }
  const unblocking = verdict === 'unblock-by-code';
  // The tries are forgotten while the session starts: nothing below reads them.
  const triesForgotten = unblocking ? Promise.resolve() : deps.throttle.succeeded(account);
  const now = Date.now();
  const data: SessionData = {
    partnerId,
    customer: {
      nome: answer.usuario.nome,
      inscricaoNacional: answer.usuario.inscricaoNacional,
      tipoPessoa: answer.usuario.tipoPessoa,
      senhaExpirada: answer.usuario.senhaExpirada === true,
      atualizacaoCadastralObrigatoria: answer.usuario.atualizacaoCadastralObrigatoria === true,
      requerMfa: answer.statusMfa === 'REQUER_MFA',
      dataNascimento: answer.usuario.dataNascimentoFundacao,
      email: answer.usuario.email,
      celular: answer.usuario.celular,
    },
    tokens: tokensFrom(answer, now),
    platform: sessionPlatform(ctx.request),
    // A one-time code is owed when the back office asks for it, and when this login lifts a block.
    ...(answer.statusMfa === 'REQUER_MFA' || unblocking
      ? {
          mfa: {
            pending: true,
            ...(unblocking ? { unblockAccount: account } : {}),
            destinations: { sms: answer.usuario.celular ? maskPhone(answer.usuario.celular) : undefined, email: answer.usuario.email ? maskEmail(answer.usuario.email) : undefined },
          },
        }
      : {}),
    absoluteExpiresAt: now + deps.sessionHours * 3_600_000,
  };
  await Promise.all([ctx.reply.startSession(data), triesForgotten]);
  // Right password; a one-time code may still be owed (its own `otp-verify` line follows).
  logAuth(ctx.request, pathway, 'success', data.mfa?.pending ? 'code-owed' : undefined, { customer: { partnerId, account } });
  const next = requestTarget(ctx.request, input.voltar);
  // The quota list comes next unless a code is owed or the credentials name the quota: it needs the
  // token alone, so it is read (and kept, back-office/quotas.ts) while the cases are. The answer
  // waits for the cases only; the list's screen takes the read under way.
  if (!data.mfa?.pending && credentials.type !== 'cota') void readQuotaListAhead(ctx.request);
  await checkMandatoryUpdate(ctx.request);
  if (data.mfa?.pending) return { kind: 'navigate', to: next ? `/entrar/verificacao/enviar?voltar=${encodeURIComponent(next)}` : '/entrar/verificacao/enviar', replace: true };
  if (credentials.type === 'cota') {
    // Logged in with a quota's credentials: that quota is the one to follow.
    const selected = await ctx.request.server.quotaSelection.selectByKey(ctx.request, {
      grupo: credentials.codigoGrupo,
      cota: credentials.codigoCota,
      versao: credentials.versao,
    });
    if (selected) return { kind: 'navigate', to: next ?? '/home', replace: true };
  }
  return { kind: 'navigate', to: next ? `/groups-and-quotas?voltar=${encodeURIComponent(next)}` : '/groups-and-quotas', replace: true };
}
