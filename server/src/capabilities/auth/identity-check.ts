import { session } from '../../../../back-office/index.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { isCompanyId } from '../../domain/format.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { NEW_EMAIL_RULES, NewEmailInput, type ForgotFlow } from './forgot-flow.js';

/**
 * Forgotten e-mail (public routes of doc 1 §2): /identificacao (mobile only; elsewhere
 * /entrar/esquecioemail/indisponivel) starts an identity check, /entrar/analisandoidentidade
 * follows it (about 3 minutes), approved → /esquecioemail/identificacaoaprovada → /alteraremail,
 * refused → /identificacaoreprovada (a branch). Companies wait for the internal analysis on
 * /analisandoinformacoes.
 */
export default async function identityCheck(app: FastifyInstance, { flow }: { flow: ForgotFlow }) {
  app.screens.register('identificacao', async (ctx) => (flow.read(ctx.request)?.data ? {} : { redirect: '/entrar/esqueciasenha/cpfcnpj' }));
  app.screens.register('esquecioemail-indisponivel', async () => ({}));
  app.screens.register('analisandoinformacoes', async () => ({}));
  app.screens.register('identificacaoaprovada', async (ctx) => (flow.read(ctx.request)?.checkId ? {} : { redirect: '/entrar/esqueciasenha/cpfcnpj' }));
  app.screens.register('identificacaoreprovada', async () => ({}));
  app.screens.register('alteraremail', async (ctx) => (flow.read(ctx.request)?.checkId ? {} : { redirect: '/entrar/esqueciasenha/cpfcnpj' }));

  app.screens.register('analisandoidentidade', async (ctx) => {
    const state = flow.read(ctx.request);
    if (!state?.checkId) return { redirect: '/entrar/esqueciasenha/cpfcnpj' };
    const { status } = await app.upstream.request(session.identityCheckStatus, { params: { id: state.checkId } });
    if (status === 'APROVADO') return { redirect: '/esquecioemail/identificacaoaprovada' };
    if (status === 'REPROVADO') return { redirect: '/identificacaoreprovada' };
    return {};
  });

  app.actions.register('auth/identity-start', {
    public: true,
    input: z.object({}).passthrough(),
    async handler(_input, { request, reply }): Promise<ActionResult> {
      const state = flow.read(request);
      if (!state?.data) return { kind: 'navigate', to: '/entrar/esqueciasenha/cpfcnpj', replace: true };
      let answer: { id: string };
      try {
        answer = await app.upstream.request(session.identityCheckStart, {
          json: { inscricaoNacional: state.documento, dataNascimentoFundacao: state.data },
        });
      } catch (err) {
        if (err instanceof UpstreamError && !err.unavailable) return { kind: 'field-errors', errors: {}, message: err.upstreamMessage ?? app.text('esqueci.erro.dados') };
        throw err;
      }
      flow.keep(reply, { ...state, checkId: answer.id });
      return { kind: 'navigate', to: isCompanyId(state.documento) ? '/analisandoinformacoes' : '/entrar/analisandoidentidade', replace: true };
    },
  });

  app.actions.register('auth/identity-email', {
    public: true,
    input: NewEmailInput,
    consistency: NEW_EMAIL_RULES,
    async handler(input, { request, reply }): Promise<ActionResult> {
      const state = flow.read(request);
      if (!state?.checkId) return { kind: 'navigate', to: '/entrar/esqueciasenha/cpfcnpj', replace: true };
      try {
        await app.upstream.request(session.identityCheckEmail, { json: { id: state.checkId, email: input.email } });
      } catch (err) {
        if (err instanceof UpstreamError && !err.unavailable) return { kind: 'field-errors', errors: {}, message: err.upstreamMessage ?? app.text('esqueci.erro.dados') };
        throw err;
      }
      flow.keep(reply, { documento: state.documento, email: input.email });
      return { kind: 'navigate', to: '/entrar/esqueciasenha/enviado', replace: true };
    },
  });
}
