import { session as sessionCalls } from '../../../../back-office/index.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { parseNationalId } from '../../domain/national-id.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { requestTarget, ReturnTo } from '../../security/local-target.js';
import type { LoginThrottle } from '../../security/login-throttle.js';
import { OtpThrottle, type OtpVerdict } from '../../security/otp-throttle.js';
import { logAuth } from '../../security/auth-log.js';

/** Resend allowed 40 s after a send (spec doc 2 §9). */
export const RESEND_AFTER_MS = 40_000;
export const MAX_SENDS_PER_HOUR = 5;
/** A code is refused here once this long has passed since this session's send, whatever the back office's own lifetime. */
export const CODE_LIFETIME_MS = 10 * 60_000;

const UPSTREAM_CODES: Record<string, string> = {
  INVALID_VALIDATION_CODE: 'verificacao.erro.invalido',
  VALIDATION_CODE_EXPIRED: 'verificacao.erro.expirado',
  VALIDATION_CODE_ALREADY_VERIFIED: 'verificacao.erro.ja-verificado',
  RESOURCE_NOT_FOUND: 'verificacao.erro.nao-encontrado',
};
/** The `auth` line's reason for each refusal of the back office. */
const UPSTREAM_REASONS: Record<string, string> = {
  INVALID_VALIDATION_CODE: 'wrong-code',
  VALIDATION_CODE_EXPIRED: 'expired-code',
  VALIDATION_CODE_ALREADY_VERIFIED: 'used-code',
  RESOURCE_NOT_FOUND: 'no-code',
};

/**
 * The one-time code after a REQUER_MFA login (persona lara): choose SMS or e-mail, type the
 * code, checked only in the session that asked for it; a new session id once it checks out.
 * Limits: 5 sends per hour, and the tries of security/otp-throttle.ts (per code and per
 * account, whatever the session).
 */
export default async function verification(app: FastifyInstance, { throttle }: { throttle: LoginThrottle }) {
  const otp = new OtpThrottle(app.counters);
  const accountOf = (request: FastifyRequest) => request.session!.data.customer.inscricaoNacional;
  /** What the customer reads when no try is left: a new code, or the wait. */
  const spent = (verdict: Exclude<OtpVerdict, 'allowed'>): ActionResult => ({
    kind: 'field-errors',
    errors: {},
    message: app.text(verdict === 'account-spent' ? 'verificacao.erro.tentativas-conta' : 'verificacao.erro.tentativas'),
  });
  const pendingOf = (request: FastifyRequest) => (request.session?.data.mfa?.pending ? request.session : null);
  const voltarQuery = (voltar: string | undefined) => (voltar ? `?voltar=${encodeURIComponent(voltar)}` : '');

  app.screens.register('verificacao-enviar', async (ctx) => {
    const session = pendingOf(ctx.request);
    if (!session) return { redirect: '/login' };
    const { sms, email } = session.data.mfa!.destinations;
    if (!sms && !email) return { redirect: '/entrar/verificacao/erro-de-cadastro' };
    return { sms: sms ?? '', email: email ?? '' };
  });

  app.screens.register('verificacao-validar', async (ctx) => {
    const session = ctx.request.session;
    if (!session || session.data.mfa?.pending) return { redirect: '/login' };
    const voltar = requestTarget(ctx.request, ctx.query.get('voltar'));
    return { proxima: voltar ? `/groups-and-quotas?voltar=${encodeURIComponent(voltar)}` : '/groups-and-quotas' };
  });

  app.screens.register('verificacao-erro-de-cadastro', async (ctx) => (pendingOf(ctx.request) ? {} : { redirect: '/login' }));

  app.screens.register('verificacao-inserir', async (ctx) => {
    const session = pendingOf(ctx.request);
    if (!session) return { redirect: '/login' };
    const mfa = session.data.mfa!;
    if (!mfa.channel || !mfa.sentAt) return { redirect: `/entrar/verificacao/enviar${voltarQuery(requestTarget(ctx.request, ctx.query.get('voltar')))}` };
    return {
      canal: mfa.channel,
      destino: mfa.destinations[mfa.channel] ?? '',
      reenviarEm: new Date(mfa.sentAt + RESEND_AFTER_MS).toISOString(),
    };
  });

  /** Sends a code on a channel the customer has confirmed; the 40 s and 5-per-hour limits apply. */
  async function sendCode(request: FastifyRequest, canal: 'sms' | 'email', voltar: string | undefined): Promise<ActionResult> {
    const session = pendingOf(request);
    if (!session) {
      logAuth(request, 'otp-send', 'refused', 'no-login');
      return { kind: 'navigate', to: '/login', replace: true };
    }
    const mfa = session.data.mfa!;
    if (!mfa.confirmed?.includes(canal)) return { kind: 'navigate', to: `/entrar/verificacao/${canal === 'sms' ? 'cpf-cnpj' : 'email'}${voltarQuery(requestTarget(request, voltar))}` };
    if (mfa.sentAt && Date.now() - mfa.sentAt < RESEND_AFTER_MS) {
      logAuth(request, 'otp-send', 'refused', 'wait');
      return { kind: 'snackbar', message: app.text('verificacao.erro.aguarde') };
    }
    // No code is sent while the account has no try left to type it.
    if ((await otp.verdict(accountOf(request))) === 'account-spent') {
      logAuth(request, 'otp-send', 'refused', 'limit');
      return { kind: 'error', title: app.text('erro.titulo'), message: app.text('verificacao.erro.tentativas-conta') };
    }
    const sends = await app.counters.hit(`otp-send:${session.data.customer.inscricaoNacional}`, 3600);
    if (sends > MAX_SENDS_PER_HOUR) {
      logAuth(request, 'otp-send', 'refused', 'send-limit');
      return { kind: 'error', title: app.text('erro.titulo'), message: app.text('verificacao.erro.limite-envios') };
    }
    try {
      await request.customerUpstream().request(sessionCalls.sendCode, { params: { canal } });
    } catch (err) {
      if (err instanceof UpstreamError && err.status === 429) {
        logAuth(request, 'otp-send', 'refused', 'send-limit');
        return { kind: 'error', title: app.text('erro.titulo'), message: app.text('verificacao.erro.limite-envios') };
      }
      if (err instanceof UpstreamError) logAuth(request, 'otp-send', 'failure', err.unavailable ? 'unavailable' : 'upstream-refused');
      throw err;
    }
    logAuth(request, 'otp-send', 'success', canal);
    await otp.codeSent(accountOf(request));
    await app.sessions.patch(session, { mfa: { ...mfa, channel: canal, sentAt: Date.now() } });
    return { kind: 'navigate', to: `/entrar/verificacao/inserir${voltarQuery(requestTarget(request, voltar))}` };
  }

  /** Marks a channel confirmed (the customer proved they know the login's CPF/CNPJ or e-mail), then sends. */
  async function confirmAndSend(request: FastifyRequest, canal: 'sms' | 'email', voltar: string | undefined): Promise<ActionResult> {
    const session = pendingOf(request)!;
    const mfa = session.data.mfa!;
    await app.sessions.patch(session, { mfa: { ...mfa, confirmed: [...new Set([...(mfa.confirmed ?? []), canal])] } });
    return sendCode(request, canal, voltar);
  }

  const voltar = ReturnTo;

  app.actions.register('auth/otp-send', {
    public: true,
    input: z.object({ canal: z.enum(['sms', 'email'], '@verificacao.erro.canal'), voltar }),
    handler: (input, { request }) => sendCode(request, input.canal, input.voltar),
  });

  // Before a code goes out, the customer confirms what only they should know: the CPF/CNPJ of
  // this login for SMS, the full e-mail of the registration for e-mail.
  app.actions.register('auth/otp-confirm-document', {
    public: true,
    input: z.object({ documento: z.string('@entrar.erro.documento').max(18, '@entrar.erro.documento'), voltar }),
    async handler(input, { request }): Promise<ActionResult> {
      const session = pendingOf(request);
      if (!session) return { kind: 'navigate', to: '/login', replace: true };
      if (parseNationalId(input.documento)?.value !== session.data.customer.inscricaoNacional) {
        logAuth(request, 'otp-send', 'failure', 'wrong-document');
        return { kind: 'field-errors', errors: { documento: app.text('verificacao.erro.documento') } };
      }
      return confirmAndSend(request, 'sms', input.voltar);
    },
  });

  app.actions.register('auth/otp-confirm-email', {
    public: true,
    input: z.object({ email: z.email('@esqueci.erro.email').max(254, '@esqueci.erro.email'), voltar }),
    async handler(input, { request }): Promise<ActionResult> {
      const session = pendingOf(request);
      if (!session) return { kind: 'navigate', to: '/login', replace: true };
      if (input.email.toLowerCase() !== (session.data.customer.email ?? '').toLowerCase()) {
        logAuth(request, 'otp-send', 'failure', 'wrong-email');
        return { kind: 'field-errors', errors: { email: app.text('verificacao.erro.email') } };
      }
      return confirmAndSend(request, 'email', input.voltar);
    },
  });

  app.screens.register('verificacao-cpf-cnpj', async (ctx) => (pendingOf(ctx.request)?.data.mfa?.destinations.sms ? {} : { redirect: '/login' }));
  app.screens.register('verificacao-email', async (ctx) => (pendingOf(ctx.request)?.data.mfa?.destinations.email ? {} : { redirect: '/login' }));

  app.actions.register('auth/otp-verify', {
    public: true,
    input: z.object({
      codigo: z.string('@verificacao.erro.formato').trim().toUpperCase().regex(/^[A-Z0-9]{4}$/, '@verificacao.erro.formato'),
      voltar,
    }),
    async handler(input, { request, reply }): Promise<ActionResult> {
      const session = pendingOf(request);
      if (!session) {
        logAuth(request, 'otp-verify', 'refused', 'no-login');
        return { kind: 'navigate', to: '/login', replace: true };
      }
      const mfa = session.data.mfa!;
      const account = accountOf(request);
      // Checked, then reserved: a try refused here uses nothing; tries raced from many sessions
      // are each counted before any reaches the back office.
      const before = await otp.verdict(account);
      if (before !== 'allowed') {
        logAuth(request, 'otp-verify', 'refused', 'limit');
        return spent(before);
      }
      // A code answers only the login that asked for it (the back office checks it against the
      // customer, whatever the login): this session must have sent one. A new login starts a
      // session without any.
      if (!mfa.channel || !mfa.sentAt) {
        logAuth(request, 'otp-verify', 'failure', 'no-code');
        return { kind: 'field-errors', errors: { codigo: app.text('verificacao.erro.nao-encontrado') } };
      }
      if (Date.now() - mfa.sentAt > CODE_LIFETIME_MS) {
        logAuth(request, 'otp-verify', 'failure', 'expired-code');
        return { kind: 'field-errors', errors: { codigo: app.text('verificacao.erro.expirado') } };
      }
      const reserved = await otp.reserve(account);
      if (reserved !== 'allowed') {
        logAuth(request, 'otp-verify', 'refused', 'limit');
        return spent(reserved);
      }
      try {
        await request.customerUpstream().request(sessionCalls.checkCode, { json: { codigo: input.codigo } });
      } catch (err) {
        if (!(err instanceof UpstreamError) || err.unavailable) {
          if (err instanceof UpstreamError) logAuth(request, 'otp-verify', 'failure', 'unavailable');
          throw err;
        }
        logAuth(request, 'otp-verify', 'failure', UPSTREAM_REASONS[err.code ?? ''] ?? 'refused-code');
        const key = UPSTREAM_CODES[err.code ?? ''] ?? 'verificacao.erro.validar';
        return { kind: 'field-errors', errors: { codigo: app.text(key) } };
      }
      logAuth(request, 'otp-verify', 'success', mfa.unblockAccount ? 'unblocked' : undefined);
      await otp.verified(account);
      if (mfa.unblockAccount) await throttle.unblock(mfa.unblockAccount);
      // Verified: a new session id, the old one is gone.
      const data = { ...session.data, mfa: null };
      await reply.endSession();
      await reply.startSession(data);
      return { kind: 'navigate', to: `/entrar/verificacao/validar${voltarQuery(requestTarget(request, input.voltar))}`, replace: true };
    },
  });
}
