import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { session as sessionCalls } from '../../../../back-office/index.js';
import { BiometricCredential } from '../../../../screens/contract/bridge.js';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { inNativeWrapper } from '../../composition/client-platform.js';
import { tokensFrom } from '../../upstream/customer-upstream.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { AppError } from '../../errors.js';
import { checkMandatoryUpdate } from './mandatory-update.js';
import { logAuth } from '../../security/auth-log.js';
import { helperCookie } from '../../security/helper-cookies.js';
import { sessionPlatform } from './customer-sessions.js';
import { reauthenticationNeeded, recentlyReauthenticated } from './reauthentication.js';

/** Where a biometric unlock that did not work leaves the customer: the password screen, with a calm word. */
export const BIOMETRIC_FALLBACK = '/entrar?biometria=falhou';
const COOKIE_DAYS = 90;
export const UNLOCK_WINDOW_SECONDS = 900;
export const UNLOCK_TRIES_PER_WINDOW = 30;

/** The wrapper's answer to `biometrics`, as the bridge action's `then` submits it (`resposta`). */
const Answer = z.object({ ok: z.boolean(), credential: z.string().max(256).optional() }).passthrough();

/**
 * Biometric login inside a native wrapper (spec doc 1 §1, §6; docs/native-contract.md `biometrics`).
 * Enrolment (/biometria, after a password login): the wrapper creates a credential kept behind the
 * biometric prompt; the server asks the back office for a token family of its own (quota selection
 * again), and keeps the refresh token sealed with a key derived from the credential, under the
 * credential's SHA-256 (storage/biometric-credentials.ts). Unlock (/login, /entrar): the wrapper
 * answers the credential after the prompt; the server refreshes the sealed token, opens a session,
 * rotates the sealed token into a new family and selects the quota again. Anything that does not
 * work sends the customer to the password screen. A cookie remembers that this device enrolled,
 * so the option shows only where it can work; outside a wrapper it never shows. Turning it on or
 * off asks for the password again first (reauthentication.ts): /biometria shows the password field
 * until it is typed, and the actions refuse without it.
 */
const deviceCookie = (app: FastifyInstance) => helperCookie(app.config, { purpose: 'biometric-device', name: 'biometria', lifetimeSeconds: COOKIE_DAYS * 86_400 });

function enrolledHere(app: FastifyInstance, request: FastifyRequest): boolean {
  return deviceCookie(app).read(request) === '1';
}

/** Screen data of the login screens: whether to offer the biometric unlock (inside a wrapper, on a device that enrolled), and whether one just failed. */
export function biometricOffer(app: FastifyInstance, request: FastifyRequest, query: URLSearchParams) {
  return { biometria: inNativeWrapper(request) && enrolledHere(app, request), biometriaFalhou: query.get('biometria') === 'falhou' };
}

export default async function biometrics(app: FastifyInstance) {
  const cookie = deviceCookie(app);
  const forget = (reply: FastifyReply) => cookie.clear(reply);
  const fallback = (reply: FastifyReply, revoked: boolean): ActionResult => {
    if (revoked) forget(reply);
    return { kind: 'navigate', to: BIOMETRIC_FALLBACK, replace: true };
  };

  app.screens.register('biometria', async (ctx) => {
    const session = ctx.request.session!;
    const active = enrolledHere(app, ctx.request) && (await app.biometrics.activeCount(session.data.customer.inscricaoNacional)) > 0;
    // A partner's transparent login cannot enrol (the action says so): no password is asked of it.
    const pedirSenha = !session.data.transparent && !recentlyReauthenticated(session);
    return { ativa: active, falhou: ctx.query.get('falhou') === '1', pedirSenha, oferecerAtivar: !pedirSenha && !active, oferecerDesativar: !pedirSenha && active };
  });

  app.actions.register('auth/biometrics-enrol', {
    // Optional: a renderer older than the `resposta` rule sends none, and gets the web path.
    input: z.object({ resposta: Answer.optional() }),
    async handler(input, { request, reply, upstream, partner }): Promise<ActionResult> {
      const session = request.session!;
      if (!inNativeWrapper(request)) return { kind: 'navigate', to: '/indisponivel', replace: true };
      if (session.data.transparent) return { kind: 'error', title: app.text('erro.titulo'), message: app.text('biometria.agente') };
      if (!recentlyReauthenticated(session)) return reauthenticationNeeded(app, 'biometria');
      const credential = BiometricCredential.safeParse(input.resposta?.credential);
      if (!input.resposta?.ok || !credential.success) return { kind: 'navigate', to: '/biometria?falhou=1', replace: true };
      const quota = session.data.quota;
      if (!quota) return { kind: 'navigate', to: '/groups-and-quotas' };
      // A token family of its own: the session's refresh token rotates with the session.
      const own = await upstream!.request(sessionCalls.selectQuota, { json: { idCota: quota.idCota } });
      await app.biometrics.enrol(credential.data, {
        customer: session.data.customer.inscricaoNacional,
        partnerId: partner.partner.id,
        platform: String(request.headers['x-client-platform']),
        grant: { refreshToken: own.refreshToken, customer: session.data.customer, idCota: quota.idCota },
      });
      cookie.write(request, reply, '1');
      return { kind: 'snackbar', message: app.text('biometria.ativada'), to: '/home' };
    },
  });

  app.actions.register('auth/biometrics-disable', {
    input: z.object({}).passthrough(),
    async handler(_input, { request, reply }): Promise<ActionResult> {
      if (!recentlyReauthenticated(request.session!)) return reauthenticationNeeded(app, 'biometria');
      await app.biometrics.revokeCustomer(request.session!.data.customer.inscricaoNacional);
      forget(reply);
      return { kind: 'snackbar', message: app.text('biometria.desativada'), to: '/biometria' };
    },
  });

  app.actions.register('auth/biometrics-unlock', {
    public: true,
    // Optional: a renderer older than the `resposta` rule sends none, and gets the web path.
    input: z.object({ resposta: Answer.optional() }),
    async handler(input, { request, reply, partner }): Promise<ActionResult> {
      if (!inNativeWrapper(request)) {
        logAuth(request, 'biometric', 'refused', 'not-native');
        return fallback(reply, false);
      }
      // Credentials are 256-bit random, but a client hammering unlock is still slowed down.
      if ((await app.counters.hit(`biometric-unlock:${request.ip}`, UNLOCK_WINDOW_SECONDS)) > UNLOCK_TRIES_PER_WINDOW) {
        logAuth(request, 'biometric', 'refused', 'limit');
        return fallback(reply, false);
      }
      const credential = BiometricCredential.safeParse(input.resposta?.credential);
      if (!input.resposta?.ok || !credential.success) {
        // The device's prompt did not confirm the customer, or answered no credential.
        logAuth(request, 'biometric', 'failure', 'not-confirmed');
        return fallback(reply, false);
      }
      const known = await app.biometrics.find(credential.data);
      if (!known || known.partnerId !== partner.partner.id) {
        logAuth(request, 'biometric', 'failure', 'unknown-credential');
        return fallback(reply, true);
      }
      // Its refresh token can be used once: a second unlock at the same moment gets the password screen.
      if (!(await app.biometrics.claim(credential.data))) {
        logAuth(request, 'biometric', 'refused', 'in-use');
        return fallback(reply, false);
      }
      // Read again under the claim: an unlock that just ended has rotated the token.
      const record = await app.biometrics.find(credential.data);
      if (!record) {
        logAuth(request, 'biometric', 'failure', 'unknown-credential');
        return fallback(reply, true);
      }
      let tokens;
      try {
        tokens = await app.upstream.request(sessionCalls.refresh, { json: { refresh_token: record.grant.refreshToken }, basicAuth: true });
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        // Refused (expired, revoked upstream): this credential is done. Unavailable: try again later.
        if (!err.unavailable) await app.biometrics.revoke(credential.data);
        else await app.biometrics.release(credential.data);
        request.log.info({ status: err.status }, 'biometric unlock refused upstream');
        logAuth(request, 'biometric', 'failure', err.unavailable ? 'unavailable' : 'revoked');
        return fallback(reply, !err.unavailable);
      }
      const now = Date.now();
      await reply.startSession({
        partnerId: partner.partner.id,
        customer: { ...record.grant.customer, requerMfa: false },
        tokens: tokensFrom(tokens, now),
        platform: sessionPlatform(request),
        absoluteExpiresAt: now + app.config.SESSION_ABSOLUTE_HOURS * 3_600_000,
      });
      logAuth(request, 'biometric', 'success');
      const idCota = record.grant.idCota;
      if (idCota === undefined) {
        await app.biometrics.revoke(credential.data);
        return { kind: 'navigate', to: '/groups-and-quotas', replace: true };
      }
      // The used refresh token is spent: the next unlock gets a family of its own.
      try {
        const next = await request.customerUpstream().request(sessionCalls.selectQuota, { json: { idCota } });
        await app.biometrics.renew(credential.data, { ...record.grant, refreshToken: next.refreshToken });
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        await app.biometrics.revoke(credential.data);
        forget(reply);
      }
      await checkMandatoryUpdate(request);
      try {
        await app.quotaSelection.select(request, idCota);
      } catch (err) {
        if (!(err instanceof AppError) && !(err instanceof UpstreamError)) throw err;
        return { kind: 'navigate', to: '/groups-and-quotas', replace: true };
      }
      return { kind: 'navigate', to: '/home', replace: true };
    },
  });
}
