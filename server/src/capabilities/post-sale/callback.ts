import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { CallbackReason } from '../../../../back-office/index.js';
import { callbackPhoneProblem } from '../../domain/special-flows.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { BASE } from './flow.js';
import { postSaleUpstream } from './post-sale-upstream.js';
import { postSaleCase } from './progress.js';
import { quotaMove } from '../../security/once.js';

/**
 * The call-back channel (/pos-venda/desvio-manual, doc 2 §2.8, §4.7, §9): after "no" on
 * understanding, a promise made at the sale, a blocked security question or invalid documents,
 * the customer leaves a phone with area code and a period — morning 08–13 or afternoon 13–19.
 */
export default async function postSaleCallback(app: FastifyInstance) {
  const reasonOf = (text: string | null) => CallbackReason.catch('ENTENDIMENTO').parse((text ?? '').toUpperCase());

  app.screens.register('pos-venda-desvio', async (ctx) => {
    const u = ctx.upstream!;
    if (!(await postSaleCase(u))) return { redirect: '/home' };
    const motivo = reasonOf(ctx.query.get('motivo'));
    const key = motivo.toLowerCase();
    return {
      titulo: app.text(`posvenda.desvio.${key}.titulo`),
      texto: app.text(`posvenda.desvio.${key}.texto`),
      enviado: ctx.query.get('enviado') === '1',
      motivo,
      dados: { telefone: u.session.data.customer.celular ?? '' },
    };
  });

  app.actions.register('post-sale/callback', {
    idempotent: true,
    once: { key: (input, { request }) => quotaMove(request, 'retorno', { motivo: input.motivo }) },
    input: z.object({
      telefone: z.string('@erro.campo-obrigatorio').trim().min(1, '@erro.campo-obrigatorio'),
      periodo: z.enum(['MANHA', 'TARDE'], '@posvenda.erro.periodo'),
      motivo: CallbackReason,
    }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const phone = callbackPhoneProblem(input.telefone);
      if (phone) return { kind: 'field-errors', errors: { telefone: phone } };
      const u = upstream!;
      try {
        await postSaleUpstream.callback(u, u.session.data.quota!.idCota, input.telefone.replace(/\D/g, ''), input.periodo, input.motivo);
      } catch (err) {
        if (!(err instanceof UpstreamError) || err.tokenExpired) throw err;
        return { kind: 'field-errors', errors: {}, message: err.upstreamMessage ?? app.text('especie.erro.operacao') };
      }
      return { kind: 'navigate', to: `${BASE}/desvio-manual?motivo=${input.motivo.toLowerCase()}&enviado=1` };
    },
  });
}
