import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { emailProblem, phoneProblem } from '../../domain/registration.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { BASE, journey, nextRoute, stepCounter } from './flow.js';
import { postSaleUpstream } from './post-sale-upstream.js';
import { reserveCodeSend } from '../../security/code-sends.js';
import { OtpThrottle } from '../../security/otp-throttle.js';
import { saveProgress } from './progress.js';

const REGISTRATION_STEP = 'dados-cadastrais';
const BILLS_STEP = 'boletos';

/**
 * Registration data inside the post-sale journey (doc 2 §2.8, §6): e-mail and phone edit and the
 * income edit (optional, doc 2 §5), each confirmed by an SMS token; and the slip delivery choice
 * (e-mail or post, 24-hour lockout kept by the back office). An agent cannot change the data.
 */
export default async function postSaleRegistration(app: FastifyInstance) {
  // A change of registration data is confirmed by a one-time code: its tries are the account's.
  const codes = new OtpThrottle(app.counters);
  const guard = async (u: Parameters<typeof journey>[1], step: string) => journey(app, u, step);

  for (const screen of ['pos-venda-edicao', 'pos-venda-renda', 'pos-venda-token']) {
    app.screens.register(screen, async (ctx) => {
      const u = ctx.upstream!;
      const j = await guard(u, REGISTRATION_STEP);
      if ('redirect' in j) return j;
      if (screen === 'pos-venda-token' && !u.session.data.postSaleChange) return { redirect: `${BASE}/dados-cadastrais` };
      return { agente: Boolean(u.session.data.agent), dados: { email: u.session.data.customer.email ?? '', telefone: u.session.data.customer.celular ?? '' } };
    });
  }

  app.screens.register('pos-venda-boletos', async (ctx) => {
    const u = ctx.upstream!;
    const j = await guard(u, BILLS_STEP);
    if ('redirect' in j) return j;
    return { passo: stepCounter(app, BILLS_STEP) };
  });

  /** Sends the SMS code and keeps the change until it is confirmed. */
  async function askToken(u: NonNullable<Parameters<typeof journey>[1]>, change: NonNullable<typeof u.session.data.postSaleChange>): Promise<ActionResult> {
    if (u.session.data.agent) return { kind: 'field-errors', errors: {}, message: app.text('posvenda.erro.agente') };
    const account = u.session.data.customer.inscricaoNacional;
    if (!(await reserveCodeSend(app.counters, account))) return { kind: 'error', title: app.text('erro.titulo'), message: app.text('verificacao.erro.limite-envios') };
    await postSaleUpstream.sendSms(u);
    await codes.codeSent(account);
    await app.sessions.patch(u.session, { postSaleChange: change });
    return { kind: 'navigate', to: `${BASE}/dados-cadastrais-token` };
  }

  app.actions.register('post-sale/contact', {
    input: z.object({ email: z.string('@erro.campo-obrigatorio').trim().min(1, '@erro.campo-obrigatorio'), telefone: z.string('@erro.campo-obrigatorio').trim().min(1, '@erro.campo-obrigatorio') }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const errors: Record<string, string> = {};
      const email = emailProblem(input.email);
      if (email) errors.email = email;
      const digits = input.telefone.replace(/\D/g, '');
      const phone = digits.length === 8 || digits.length === 9 ? app.text('posvenda.erro.telefone') : phoneProblem(digits, 3);
      if (phone) errors.telefone = phone;
      if (Object.keys(errors).length > 0) return { kind: 'field-errors', errors };
      return askToken(upstream!, { idCota: upstream!.session.data.quota!.idCota, email: input.email, ddd: digits.slice(0, 2), numero: digits.slice(2) });
    },
  });

  app.actions.register('post-sale/income', {
    input: z.object({ renda: z.coerce.number('@posvenda.erro.renda').min(0, '@posvenda.erro.renda').max(100_000_000, '@posvenda.erro.renda') }),
    async handler(input, { upstream }): Promise<ActionResult> {
      return askToken(upstream!, { idCota: upstream!.session.data.quota!.idCota, renda: input.renda });
    },
  });

  app.actions.register('post-sale/token', {
    input: z.object({ codigo: z.string('@verificacao.erro.formato').trim().toUpperCase().regex(/^[A-Z0-9]{4}$/, '@verificacao.erro.formato') }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const u = upstream!;
      const change = u.session.data.postSaleChange;
      if (!change) return { kind: 'navigate', to: `${BASE}/dados-cadastrais` };
      // The account's tries, whatever the session (security/otp-throttle.ts): counted before the check.
      const account = u.session.data.customer.inscricaoNacional;
      const before = await codes.verdict(account);
      const verdict = before === 'allowed' ? await codes.reserve(account) : before;
      if (verdict !== 'allowed') return { kind: 'field-errors', errors: {}, message: app.text(verdict === 'account-spent' ? 'verificacao.erro.tentativas-conta' : 'verificacao.erro.tentativas') };
      let token: string;
      try {
        ({ auth_token: token } = await postSaleUpstream.checkCode(u, input.codigo));
        await codes.verified(account);
      } catch (err) {
        if (!(err instanceof UpstreamError) || err.unavailable || err.tokenExpired) throw err;
        return { kind: 'field-errors', errors: { codigo: app.text('verificacao.erro.invalido') } };
      }
      if (change.renda !== undefined) {
        const current = await postSaleUpstream.incomeState(u);
        await postSaleUpstream.updateIncome(u, {
          profissao: current.profissao ?? 1,
          estadoCivil: current.estadoCivil ?? 1,
          tipoAcessibilidade: current.tipoAcessibilidade ?? 1,
          ...(current.regimeCasamento != null ? { regimeCasamento: current.regimeCasamento } : {}),
          authToken: token,
          valorRenda: change.renda,
        });
      } else {
        await postSaleUpstream.updateContact(u, change.idCota, token, {
          ...(change.email ? { emails: [{ email: change.email }] } : {}),
          ...(change.ddd && change.numero ? { telefones: [{ ddd: change.ddd, numero: change.numero, tipo: 3 }] } : {}),
        });
      }
      await app.sessions.patch(u.session, { postSaleChange: null });
      return { kind: 'snackbar', message: app.text('posvenda.dados.atualizados'), to: `${BASE}/dados-cadastrais` };
    },
  });

  app.actions.register('post-sale/bills', {
    input: z.object({ formaEnvio: z.enum(['EMAIL', 'CORREIO'], '@posvenda.erro.forma-envio') }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const u = upstream!;
      const j = await guard(u, BILLS_STEP);
      if ('redirect' in j) return { kind: 'navigate', to: j.redirect };
      try {
        await postSaleUpstream.setDelivery(u, u.session.data.quota!.idCota, input.formaEnvio);
      } catch (err) {
        // Changed less than 24 hours ago: the choice stands, the journey goes on.
        if (!(err instanceof UpstreamError) || err.code !== 'PREFERENCE_LOCKED') throw err;
      }
      await saveProgress(u, j.kase, { ...j.progress, feitos: [...new Set([...j.progress.feitos, BILLS_STEP])] });
      return { kind: 'navigate', to: nextRoute(app, BILLS_STEP) };
    },
  });
}
