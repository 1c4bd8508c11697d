import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { securityEvent } from '../../security/security-events.js';
import { z } from 'zod';
import { formatNationalId } from '../../domain/format.js';
import { parseNationalId } from '../../domain/national-id.js';
import { requestTarget } from '../../security/local-target.js';
import { LoginThrottle } from '../../security/login-throttle.js';
import passwordChange from './password-change.js';
import verification from './verification.js';
import forgotPassword from './forgot-password.js';
import transparentLogin from './transparent-login.js';
import mandatoryUpdate from './mandatory-update.js';
import biometrics, { biometricOffer } from './biometrics.js';
import reauthentication from './reauthentication.js';
import { handleLogin, IdentifyInput, LoginInput, type AuthDeps } from './auth-actions.js';
import { helperCookie } from '../../security/helper-cookies.js';

/** Login (desktop and mobile steps), logout, and the public login screens. */
export default async function auth(app: FastifyInstance) {
  // The CPF/CNPJ typed at the mobile login's first step, until its second: sealed, this host's, 10 minutes.
  const hint = helperCookie(app.config, { purpose: 'login-hint', name: 'login_hint', lifetimeSeconds: 600 });
  const throttle = new LoginThrottle(app.counters);
  const deps: AuthDeps = { text: app.text, sessionHours: app.config.SESSION_ABSOLUTE_HOURS, throttle };

  const mobileDocument = (request: FastifyRequest) => hint.read(request) || undefined;
  const forget = (reply: FastifyReply) => hint.clear(reply);

  await app.register(passwordChange);
  await app.register(verification, { throttle });
  await app.register(forgotPassword, { throttle });
  await app.register(transparentLogin);
  await app.register(mandatoryUpdate);
  await app.register(biometrics);
  await app.register(reauthentication, { throttle });

  app.screens.register('login', async (ctx) => ({ sessaoExpirada: ctx.query.get('sessao') === 'expirada', transparenteInvalido: ctx.query.get('transparente') === 'invalido', ...biometricOffer(app, ctx.request, ctx.query) }));
  app.screens.register('entrar', async (ctx) => ({ forms: { documento: {}, cota: { versao: '00' } }, errors: {}, ...biometricOffer(app, ctx.request, ctx.query) }));
  app.screens.register('entrar-mobile', async (ctx) => {
    const doc = mobileDocument(ctx.request);
    return { documento: doc ? formatNationalId(doc) : '' };
  });

  app.actions.register('auth/identify', {
    public: true,
    input: IdentifyInput,
    async handler(input, { request, reply }) {
      const id = parseNationalId(input.documento);
      if (!id) return { kind: 'field-errors', errors: { documento: app.text('entrar.erro.documento') } };
      hint.write(request, reply, id.value);
      const next = requestTarget(request, input.voltar);
      return { kind: 'navigate', to: next ? `/entrar-mobile?voltar=${encodeURIComponent(next)}` : '/entrar-mobile' };
    },
  });

  app.actions.register('auth/forget-identity', {
    public: true,
    input: z.object({}).passthrough(),
    async handler(_input, { reply }) {
      forget(reply);
      return { kind: 'navigate', to: '/entrar-mobile', replace: true };
    },
  });

  app.actions.register('auth/login', {
    public: true,
    input: LoginInput,
    async handler(input, ctx) {
      const result = await handleLogin(input, ctx, deps, mobileDocument(ctx.request));
      if (result.kind === 'navigate') forget(ctx.reply);
      return result;
    },
  });

  // The logoff modal (spec): its words come from the server like everything else.
  app.actions.register('auth/logout-confirm', {
    public: true,
    input: z.object({}).passthrough(),
    async handler() {
      return {
        kind: 'modal',
        modal: {
          id: 'sair',
          title: app.text('sair.titulo'),
          body: [{ type: 'text', text: app.text('sair.texto') }],
          actions: [
            { label: app.text('sair.confirmar'), variant: 'primary', action: { type: 'submit', action: 'auth/logout' } },
            { label: app.text('sair.cancelar'), variant: 'secondary', action: { type: 'dismiss' } },
          ],
        },
      };
    },
  });

  app.actions.register('auth/logout', {
    public: true,
    input: z.object({}).passthrough(),
    async handler(_input, { request, reply }) {
      if (request.session) securityEvent(request, 'session.ended', { reason: 'customer' });
      await reply.endSession();
      return { kind: 'navigate', to: '/login', replace: true };
    },
  });
}
