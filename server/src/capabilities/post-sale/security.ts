import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { callbackRoute, journey, nextRoute, SECURITY_STEP, stepCounter, stepsOf } from './flow.js';
import { postSaleUpstream } from './post-sale-upstream.js';
import { saveProgress } from './progress.js';

/** A year as a person types it: four digits, from 1900 to this year. */
const Year = z
  .string('@posvenda.erro.ano')
  .trim()
  .regex(/^\d{4}$/, '@posvenda.erro.ano')
  .transform(Number)
  .refine((y) => y >= 1900 && y <= new Date().getFullYear(), '@posvenda.erro.ano');

/**
 * Security validation (doc 2 §2.8, §4.7, §5): the birth year, or a company's foundation year,
 * checked by the back office. A wrong answer is 'Informação incorreta.' with the last-chance
 * warning; the second blocks the flow and the company calls back.
 */
export default async function postSaleSecurity(app: FastifyInstance) {
  app.screens.register('pos-venda-seguranca', async (ctx) => {
    const u = ctx.upstream!;
    const j = await journey(app, u, SECURITY_STEP);
    if ('redirect' in j) return j;
    if (j.progress.validado) return { redirect: nextRoute(app, SECURITY_STEP) };
    const step = stepsOf(app).find((s) => s.id === SECURITY_STEP)!;
    const company = u.session.data.customer.tipoPessoa === 'J';
    return {
      titulo: step.title,
      passo: stepCounter(app, SECURITY_STEP),
      texto: (step.texts ?? []).join(' '),
      pergunta: app.text(company ? 'posvenda.seguranca.empresa' : 'posvenda.seguranca.pessoa'),
    };
  });

  app.actions.register('post-sale/security', {
    input: z.object({ ano: Year }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const u = upstream!;
      const j = await journey(app, u, SECURITY_STEP);
      if ('redirect' in j) return { kind: 'navigate', to: j.redirect };
      const answer = await postSaleUpstream.securityCheck(u, u.session.data.quota!.idCota, input.ano);
      if (answer.correto) {
        await saveProgress(u, j.kase, { ...j.progress, validado: true, feitos: [...new Set([...j.progress.feitos, SECURITY_STEP])] });
        return { kind: 'navigate', to: nextRoute(app, SECURITY_STEP) };
      }
      if (answer.bloqueado) {
        await saveProgress(u, j.kase, { ...j.progress, bloqueado: true });
        return { kind: 'navigate', to: callbackRoute('SEGURANCA') };
      }
      return { kind: 'field-errors', errors: { ano: app.text('posvenda.erro.incorreta') }, message: app.text('posvenda.erro.ultima-chance') };
    },
  });
}

