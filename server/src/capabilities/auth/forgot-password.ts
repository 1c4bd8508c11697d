import { session } from '../../../../back-office/index.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatNationalId, isCompanyId, maskEmail } from '../../domain/format.js';
import { parseNationalId } from '../../domain/national-id.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import type { LoginThrottle } from '../../security/login-throttle.js';
import identityCheck from './identity-check.js';
import { ForgotState, NEW_EMAIL_RULES, NewEmailInput, type ForgotFlow } from './forgot-flow.js';
import { helperCookie } from '../../security/helper-cookies.js';

/** DD/MM/YYYY typed → YYYY-MM-DD sent (spec doc 1 §3), refusing impossible and future dates. */
export function parseBrazilianDate(text: string, today: Date = new Date()): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [, dd, mm, yyyy] = m as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (date.getUTCFullYear() !== Number(yyyy) || date.getUTCMonth() !== Number(mm) - 1 || date.getUTCDate() !== Number(dd)) return null;
  if (Number(yyyy) < 1900 || date.getTime() > today.getTime()) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/**
 * Forgot password: /entrar/esqueciasenha/cpfcnpj → data → email → enviado, ending in
 * POST login/recuperar-senha/cliente (inscricaoNacional, email, dataNascimentoFundacao).
 */
export default async function forgotPassword(app: FastifyInstance, { throttle }: { throttle: LoginThrottle }) {
  // The chain's state between its screens: sealed, this host's, 15 minutes from its last step.
  const cookie = helperCookie(app.config, { purpose: 'forgot-password', name: 'forgot', lifetimeSeconds: 900 });

  function stateOf(request: FastifyRequest): ForgotState | null {
    const value = cookie.read(request);
    if (!value) return null;
    try {
      const state = ForgotState.safeParse(JSON.parse(value));
      return state.success ? state.data : null;
    } catch {
      return null;
    }
  }
  const keep = (reply: FastifyReply, state: ForgotState) => cookie.write(reply.request, reply, JSON.stringify(state));
  await app.register(identityCheck, { flow: { read: stateOf, keep } });

  app.screens.register('esqueci-cpfcnpj', async () => ({}));
  app.screens.register('esqueci-data', async (ctx) => {
    const state = stateOf(ctx.request);
    if (!state) return { redirect: '/entrar/esqueciasenha/cpfcnpj' };
    return { empresa: isCompanyId(state.documento), documento: formatNationalId(state.documento) };
  });
  app.screens.register('esqueci-email', async (ctx) => (stateOf(ctx.request)?.data ? {} : { redirect: '/entrar/esqueciasenha/cpfcnpj' }));
  app.screens.register('esqueci-enviado', async (ctx) => {
    const state = stateOf(ctx.request);
    if (!state?.email) return { redirect: '/entrar/esqueciasenha/cpfcnpj' };
    return { email: maskEmail(state.email) };
  });

  app.actions.register('auth/forgot-identify', {
    public: true,
    input: z.object({ documento: z.string('@entrar.erro.documento').max(18, '@entrar.erro.documento').refine((v) => parseNationalId(v) !== null, '@entrar.erro.documento') }),
    async handler(input, { reply }): Promise<ActionResult> {
      keep(reply, { documento: parseNationalId(input.documento)!.value });
      return { kind: 'navigate', to: '/entrar/esqueciasenha/data' };
    },
  });

  app.actions.register('auth/forgot-date', {
    public: true,
    input: z.object({ data: z.string('@esqueci.erro.data').refine((v) => parseBrazilianDate(v) !== null, '@esqueci.erro.data') }),
    async handler(input, { request, reply }): Promise<ActionResult> {
      const state = stateOf(request);
      if (!state) return { kind: 'navigate', to: '/entrar/esqueciasenha/cpfcnpj', replace: true };
      keep(reply, { documento: state.documento, data: parseBrazilianDate(input.data)! });
      return { kind: 'navigate', to: '/entrar/esqueciasenha/email' };
    },
  });

  app.actions.register('auth/forgot-send', {
    public: true,
    input: NewEmailInput,
    consistency: NEW_EMAIL_RULES,
    async handler(input, { request, reply }): Promise<ActionResult> {
      const state = stateOf(request);
      if (!state?.data) return { kind: 'navigate', to: '/entrar/esqueciasenha/cpfcnpj', replace: true };
      try {
        await app.upstream.request(session.forgotPassword, {
          json: { inscricaoNacional: state.documento, email: input.email, dataNascimentoFundacao: state.data },
        });
      } catch (err) {
        if (err instanceof UpstreamError && !err.unavailable) {
          return { kind: 'field-errors', errors: {}, message: err.upstreamMessage ?? app.text('esqueci.erro.dados') };
        }
        throw err;
      }
      keep(reply, { ...state, email: input.email });
      // A blocked password login may now be lifted by the next right password plus a one-time code.
      await throttle.resetRequested(state.documento);
      return { kind: 'navigate', to: '/entrar/esqueciasenha/enviado', replace: true };
    },
  });
}
