import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { pinProblem } from '../../security/pin-policy.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { registration } from '../../../../back-office/index.js';
import { endOthersOffer, otherSessions } from './customer-sessions.js';

const SIX_DIGITS = z.string('@entrar.erro.senha').regex(/^\d{6}$/, '@entrar.erro.senha');
type Origin = 'perfil' | 'acesso';
const OriginInput = z.enum(['perfil', 'acesso']).catch('acesso');
/** The current password waits between the two screens at most this long. */
const STEP_MS = 5 * 60_000;

/**
 * Password change in two screens (/alterarsenha/atual → /alterarsenha/nova), also the way out
 * of an expired password (the guard sends kleber here). Rules: 6 digits, differs from the
 * current one, confirmation matches, not guessable (pin-policy); 'Houve algum erro, tente
 * novamente.' when the back office refuses. Once changed, while other sessions of the customer are
 * open, a modal offers to end them (customer-sessions.ts): they were opened with the old password.
 */
export default async function passwordChange(app: FastifyInstance) {
  // From the profile the same two steps are /perfil/senha → /perfil/confirmarsenha, and end on /perfil.
  const fromProfile = (path: string) => path.startsWith('/perfil/');
  const steps = (origem: Origin) => (origem === 'perfil' ? { current: '/perfil/senha', next: '/perfil/confirmarsenha', done: '/perfil' } : { current: '/alterarsenha/atual', next: '/alterarsenha/nova', done: '/groups-and-quotas' });

  app.screens.register('alterarsenha-atual', async (ctx) => ({
    expirada: ctx.request.session?.data.customer.senhaExpirada === true,
    origem: fromProfile(ctx.route.path) ? 'perfil' : 'acesso',
  }));
  app.screens.register('alterarsenha-nova', async (ctx) => {
    const origem: Origin = fromProfile(ctx.route.path) ? 'perfil' : 'acesso';
    const pending = ctx.request.session?.data.passwordChange;
    return pending && pending.until > Date.now() ? { origem } : { redirect: steps(origem).current };
  });

  app.actions.register('auth/password-current', {
    input: z.object({ senhaAtual: SIX_DIGITS, origem: OriginInput }),
    async handler(input, { request }) {
      const session = request.session!;
      await app.sessions.patch(session, { passwordChange: { current: input.senhaAtual, until: Date.now() + STEP_MS } });
      return { kind: 'navigate', to: steps(input.origem).next };
    },
  });

  app.actions.register('auth/password-new', {
    consistency: [
      { fields: ['novaSenha', 'confirmacao'], rule: 'the confirmation equals the new password', message: '@senha.erro.confirmacao', by: 'schema' },
      { fields: ['novaSenha'], rule: 'the new password differs from the current one typed on the step before', message: '@senha.erro.diferente', by: 'handler' },
      { fields: ['novaSenha'], rule: 'the new password is not the customer’s birth date in any order, nor repeated, sequential, patterned or date-like digits', message: '@senha.erro.fraca', by: 'handler' },
    ],
    input: z.object({ novaSenha: SIX_DIGITS, confirmacao: z.string('@senha.erro.confirmacao'), origem: OriginInput }).refine((v) => v.novaSenha === v.confirmacao, { message: '@senha.erro.confirmacao', path: ['confirmacao'] }),
    async handler(input, { request }): Promise<ActionResult> {
      const session = request.session!;
      const pending = session.data.passwordChange;
      if (!pending || pending.until <= Date.now()) return { kind: 'navigate', to: steps(input.origem).current, replace: true };
      if (input.novaSenha === pending.current) return { kind: 'field-errors', errors: { novaSenha: app.text('senha.erro.diferente') } };
      if (pinProblem(input.novaSenha, session.data.customer.dataNascimento)) return { kind: 'field-errors', errors: { novaSenha: app.text('senha.erro.fraca') } };
      try {
        const [idCota] = await app.quotaSelection.ownQuotaIds(request);
        if (idCota === undefined) throw new Error('customer without quota');
        await request.customerUpstream().request(registration.changePassword, {
          params: { id: idCota },
          json: { senhaAtual: pending.current, novaSenha: input.novaSenha, inscricaoNacional: session.data.customer.inscricaoNacional },
        });
      } catch (err) {
        if (err instanceof UpstreamError && !err.unavailable && !err.tokenExpired) {
          return { kind: 'field-errors', errors: {}, message: app.text('senha.erro.generico') };
        }
        throw err;
      }
      await app.sessions.patch(session, { passwordChange: null, customer: { ...session.data.customer, senhaExpirada: false } });
      // A new password asks for a new biometric enrolment on every device (auth/biometrics.ts).
      await app.biometrics.revokeCustomer(session.data.customer.inscricaoNacional);
      if ((await otherSessions(app, session)).length > 0) return endOthersOffer(app, input.origem);
      return { kind: 'snackbar', message: app.text('senha.sucesso'), to: steps(input.origem).done };
    },
  });
}
