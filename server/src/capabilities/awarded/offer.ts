import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatDateTime } from '../../domain/clock.js';
import { AWARDED_CASE_TYPE, mayStartCase } from '../../domain/contemplation.js';
import { formatDate, formatMoney } from '../../domain/format.js';
import { openFlowCase } from '../../flow-parts/index.js';
import { loadCases } from '../../upstream/crm-cases.js';
import { awardedUpstream as api } from './awarded-upstream.js';
import { awardedCase, awardedOf, markDone, nextRoute, NO_PROCESS, quotaIdOf, refusalOf } from './flow.js';
import { quotaMove } from '../../security/once.js';

/**
 * The first steps (doc 2 §2.2): the draw presentation and its conditions (draws only), and the
 * offer confirmation — confirmed once, then locked; confirming opens the CRM case of the flow
 * when the customer may start one (no case of the three kinds in progress or escalated).
 */
export default async function awardedOffer(app: FastifyInstance) {
  const modalityText = (code: string | null) => (code ? app.text(`contemplado.modalidade.${code.toUpperCase()}`) : app.text('contemplado.modalidade.desconhecida'));

  app.screens.register('contemplado-sorteio', async (ctx) => {
    const upstream = ctx.upstream!;
    const data = await awardedOf(upstream);
    if (!data) return NO_PROCESS;
    const conditions = await api.conditions(upstream, quotaIdOf(upstream));
    const step = ctx.route.path.split('/').pop()!;
    return {
      modalidade: modalityText(conditions.modalidadeContemplacao),
      linhas: [
        { label: app.text('contemplado.campo.modalidade'), text: modalityText(conditions.modalidadeContemplacao) },
        { label: app.text('contemplado.campo.data'), text: conditions.dataContemplacao ? formatDate(conditions.dataContemplacao) : '' },
        { label: app.text('contemplado.campo.assembleia'), text: String(conditions.assembleia) },
        { label: app.text('contemplado.campo.credito'), text: formatMoney(conditions.valorCredito) },
      ],
      condicoes: conditions.condicoes.map((texto) => ({ texto })),
      condicoesSorteio: step === 'condicoes-sorteio',
      proxima: await nextRoute(app, upstream, step, data),
    };
  });

  app.screens.register('contemplado-oferta', async (ctx) => {
    const upstream = ctx.upstream!;
    const data = await awardedOf(upstream);
    if (!data) return NO_PROCESS;
    const conditions = await api.conditions(upstream, quotaIdOf(upstream));
    return {
      aceito: Boolean(data.termoAceitoEm),
      aceitoEm: data.termoAceitoEm ? app.text('contemplado.oferta.aceita-em', { data: formatDateTime(data.termoAceitoEm) }) : '',
      linhas: [
        { label: app.text('contemplado.campo.modalidade'), text: modalityText(conditions.modalidadeContemplacao) },
        { label: app.text('contemplado.campo.credito'), text: formatMoney(conditions.valorCredito) },
        { label: app.text('contemplado.campo.saldo'), text: formatMoney(conditions.valorSaldoDevedor) },
      ],
      regras: conditions.regrasOferta.map((r) => ({ texto: `${r.codigo} · ${r.descricao}` })),
      condicoes: conditions.condicoes.map((texto) => ({ texto })),
      proxima: await nextRoute(app, upstream, 'oferta', data),
    };
  });

  app.actions.register('awarded/confirm-offer', {
    idempotent: true,
    input: z.object({ aceite: z.literal(true, '@contemplado.erro.aceite') }),
    once: { key: (_input, { request }) => quotaMove(request, 'oferta') },
    async handler(_input, { upstream }): Promise<ActionResult> {
      const u = upstream!;
      try {
        const [data, kase] = await Promise.all([awardedOf(u), awardedCase(u)]);
        if (!data) return { kind: 'navigate', to: '/home' };
        if (!kase) {
          if (!mayStartCase(await loadCases(u))) return { kind: 'field-errors', errors: {}, message: app.text('contemplado.erro.caso-em-andamento') };
          await api.confirmOffer(u, quotaIdOf(u));
          await openFlowCase(u, AWARDED_CASE_TYPE, 'Fluxo de contemplação iniciado pelo app');
        } else if (!data.termoAceitoEm) await api.confirmOffer(u, quotaIdOf(u));
        await markDone(u, 'oferta');
        return { kind: 'navigate', to: await nextRoute(app, u, 'oferta') };
      } catch (err) {
        return refusalOf(app, err);
      }
    },
  });
}
