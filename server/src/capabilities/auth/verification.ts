import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { safeLocalPath } from '../../domain/route-table.js';
import { UpstreamError } from '../../plugins/core/upstream-client.js';
import type { LoginThrottle } from '../../security/login-throttle.js';

/** Resend allowed 40 s after a send (spec doc 2 §9). */
export const RESEND_AFTER_MS = 40_000;
export const MAX_TRIES_PER_CODE = 5;
export const MAX_SENDS_PER_HOUR = 5;

const UPSTREAM_CODES: Record<string, string> = {
  INVALID_VALIDATION_CODE: 'verificacao.erro.invalido',
  VALIDATION_CODE_EXPIRED: 'verificacao.erro.expirado',
  VALIDATION_CODE_ALREADY_VERIFIED: 'verificacao.erro.ja-verificado',
  RESOURCE_NOT_FOUND: 'verificacao.erro.nao-encontrado',
};

/**
 * The one-time code after a REQUER_MFA login (persona lara): choose SMS or e-mail, type the
 * code; a new session id once it checks out. Limits: 5 tries per code, 5 sends per hour.
 */
export default async function verification(app: FastifyInstance, { throttle }: { throttle: LoginThrottle }) {
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
    const voltar = safeLocalPath(ctx.query.get('voltar') ?? undefined);
    return { proxima: voltar ? `/groups-and-quotas?voltar=${encodeURIComponent(voltar)}` : '/groups-and-quotas' };
  });

  app.screens.register('verificacao-erro-de-cadastro', async (ctx) => (pendingOf(ctx.request) ? {} : { redirect: '/login' }));

  app.screens.register('verificacao-inserir', async (ctx) => {
    const session = pendingOf(ctx.request);
    if (!session) return { redirect: '/login' };
    const mfa = session.data.mfa!;
    if (!mfa.channel || !mfa.sentAt) return { redirect: `/entrar/verificacao/enviar${voltarQuery(safeLocalPath(ctx.query.get('voltar') ?? undefined))}` };
    return {
      canal: mfa.channel,
      destino: mfa.destinations[mfa.channel] ?? '',
      reenviarEm: new Date(mfa.sentAt + RESEND_AFTER_MS).toISOString(),
    };
  });

  app.actions.register('auth/otp-send', {
    public: true,
    input: z.object({ canal: z.enum(['sms', 'email'], '@verificacao.erro.canal'), voltar: z.string().max(512).optional() }),
    async handler(input, { request }): Promise<ActionResult> {
      const session = pendingOf(request);
      if (!session) return { kind: 'navigate', to: '/login', replace: true };
      const mfa = session.data.mfa!;
      if (mfa.sentAt && Date.now() - mfa.sentAt < RESEND_AFTER_MS) return { kind: 'snackbar', message: app.text('verificacao.erro.aguarde') };
      const sends = await app.counters.hit(`otp-send:${session.data.customer.inscricaoNacional}`, 3600);
      if (sends > MAX_SENDS_PER_HOUR) return { kind: 'error', title: app.text('erro.titulo'), message: app.text('verificacao.erro.limite-envios') };
      try {
        await request.customerUpstream().call({ method: 'POST', path: `verificacao/${input.canal}` });
      } catch (err) {
        if (err instanceof UpstreamError && err.status === 429) return { kind: 'error', title: app.text('erro.titulo'), message: app.text('verificacao.erro.limite-envios') };
        throw err;
      }
      await app.sessions.patch(session, { mfa: { ...mfa, channel: input.canal, sentAt: Date.now(), tries: 0 } });
      return { kind: 'navigate', to: `/entrar/verificacao/inserir${voltarQuery(safeLocalPath(input.voltar))}` };
    },
  });

  app.actions.register('auth/otp-verify', {
    public: true,
    input: z.object({
      codigo: z.string('@verificacao.erro.formato').trim().toUpperCase().regex(/^[A-Z0-9]{4}$/, '@verificacao.erro.formato'),
      voltar: z.string().max(512).optional(),
    }),
    async handler(input, { request, reply }): Promise<ActionResult> {
      const session = pendingOf(request);
      if (!session) return { kind: 'navigate', to: '/login', replace: true };
      const mfa = session.data.mfa!;
      if (mfa.tries >= MAX_TRIES_PER_CODE) return { kind: 'field-errors', errors: {}, message: app.text('verificacao.erro.tentativas') };
      try {
        await request.customerUpstream().call({ method: 'PATCH', path: 'verificacao', json: { codigo: input.codigo } });
      } catch (err) {
        if (!(err instanceof UpstreamError) || err.unavailable) throw err;
        await app.sessions.patch(session, { mfa: { ...mfa, tries: mfa.tries + 1 } });
        const key = UPSTREAM_CODES[err.code ?? ''] ?? 'verificacao.erro.validar';
        return { kind: 'field-errors', errors: { codigo: app.text(key) } };
      }
      if (mfa.unblockAccount) await throttle.unblock(mfa.unblockAccount);
      // Verified: a new session id, the old one is gone.
      const data = { ...session.data, mfa: null };
      await reply.endSession();
      await reply.startSession(data);
      return { kind: 'navigate', to: `/entrar/verificacao/validar${voltarQuery(safeLocalPath(input.voltar))}`, replace: true };
    },
  });
}
