import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatDate, formatMoney, quotaLabel } from '../../domain/format.js';
import { MAX_INSTALMENTS_PER_RENEGOTIATION, renegotiationRefusal, selectionRefusal } from '../../domain/renegotiation.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { evaluationModals } from '../evaluation/index.js';
import { slipFailure } from './action-helpers.js';
import { renegotiationUpstream, type LateInstalment } from './slips-upstream.js';

/**
 * Renegotiation of late instalments (/boletos/renegociar/introducao → parcelasdisponiveis →
 * resumo → sucesso; spec doc 1 §4, §5, §9): eligibility from the back office (podeRenegociar)
 * and the plan's own rules (3 paid instalments, 3 renegotiations per plan), at most 2 late
 * instalments, the open instalment paid normally, and the warning that the quota rejoins the
 * assemblies only if the next instalment is paid by its due date.
 */
export default async function renegotiation(app: FastifyInstance) {
  app.ownership.define('late-instalment', {
    refusal: 'renegociar.erro.parcela-desconhecida',
    own: async (_ids, request) => new Set((await renegotiationUpstream.late(request.customerUpstream())).parcelasEmAtraso.map((p) => p.identificadorCobranca)),
  });
  const describe = (p: LateInstalment) => `${quotaLabel(p.grupo, p.cota)} · ${p.nomeMovimentoFinanceiro} · venceu em ${formatDate(p.dataVencimento)} · ${formatMoney(p.valor)}`;

  app.screens.register('renegociar-introducao', async (ctx) => {
    const answer = await renegotiationUpstream.validate(ctx.upstream!);
    // The back office decides; the plan rules are checked here too so that the screen can say why.
    const refusals = (answer.cotas ?? []).map((c) => renegotiationRefusal(c));
    const ruleRefusal = refusals.length > 0 && refusals.every((r) => r !== null) ? refusals[0]! : null;
    const pode = answer.podeRenegociar && ruleRefusal === null;
    return {
      pode,
      motivo: pode ? '' : ruleRefusal ? app.text(ruleRefusal) : (answer.motivo ?? app.text('renegociar.erro.indisponivel')),
    };
  });

  app.screens.register('renegociar-parcelas', async (ctx) => {
    const { parcelasEmAtraso } = await renegotiationUpstream.late(ctx.upstream!);
    return {
      temParcelas: parcelasEmAtraso.length > 0,
      ids: parcelasEmAtraso.map((p) => p.identificadorCobranca),
      rotulos: parcelasEmAtraso.map(describe),
      maximo: MAX_INSTALMENTS_PER_RENEGOTIATION,
    };
  });

  app.screens.register('renegociar-resumo', async (ctx) => {
    let summary;
    try {
      summary = await renegotiationUpstream.summary(ctx.upstream!);
    } catch (err) {
      if (err instanceof UpstreamError && err.status === 400) return { redirect: '/boletos/renegociar/parcelasdisponiveis' };
      throw err;
    }
    return {
      parcelas: summary.parcelas.map((p) => ({ id: p.identificadorCobranca, texto: describe(p) })),
      total: formatMoney(summary.valorRenegociado),
      diluicao: app.text('renegociar.diluicao', { parcelas: summary.parcelasDiluicao, valor: formatMoney(summary.acrescimoPorParcela) }),
      proximas: summary.proximasParcelas.map((p) => ({ texto: `${p.nomeMovimentoFinanceiro} · vence em ${formatDate(p.dataVencimento)} · ${formatMoney(p.valor)}` })),
    };
  });

  app.screens.register('renegociar-sucesso', async (ctx) => ({
    protocolo: z.string().regex(/^[0-9A-Za-z-]{1,40}$/).catch('').parse(ctx.query.get('protocolo') ?? ''),
    modais: await evaluationModals(app, ctx.request, ctx.upstream!, 'renegociacao'),
  }));

  app.actions.register('renegotiation/select', {
    owns: { 'late-instalment': (input) => input.parcelas },
    // How many are chosen is the form's rule, answered before the ids are looked up.
    input: z.object({
      parcelas: z
        .array(z.string().min(1).max(64), '@renegociar.erro.nenhuma')
        .max(24, '@renegociar.erro.maximo')
        .superRefine((ids, ctx) => {
          const refusal = selectionRefusal(new Set(ids).size);
          if (refusal) ctx.addIssue({ code: 'custom', message: `@${refusal}` });
        }),
    }),
    async handler(input, { upstream, request }): Promise<ActionResult> {
      const parcelas = [...new Set(input.parcelas)];
      try {
        await renegotiationUpstream.select(upstream!, parcelas);
      } catch (err) {
        if (err instanceof UpstreamError && err.status === 400) return { kind: 'field-errors', errors: { parcelas: err.upstreamMessage ?? app.text('renegociar.erro.indisponivel') } };
        return slipFailure(app, err, 'renegociar.erro.indisponivel');
      }
      // The choice is the confirmation's draft: confirmed once, from any tab or session.
      await app.sessions.patch(request.session!, { renegotiationDraft: { parcelas: parcelas.sort() } });
      return { kind: 'navigate', to: '/boletos/renegociar/resumo' };
    },
  });

  app.actions.register('renegotiation/confirm', {
    idempotent: true,
    input: z.object({}),
    once: {
      draft: 'renegotiationDraft',
      key: (_input, { request }) => {
        const draft = request.session!.data.renegotiationDraft;
        return draft ? { subject: 'renegociacao', content: draft.parcelas } : null;
      },
    },
    async handler(_input, { upstream }): Promise<ActionResult> {
      try {
        const { data } = await renegotiationUpstream.confirm(upstream!);
        return { kind: 'navigate', to: `/boletos/renegociar/sucesso?protocolo=${encodeURIComponent(data.protocolo)}` };
      } catch (err) {
        if (err instanceof UpstreamError && err.status === 400) return { kind: 'error', title: app.text('erro.titulo'), message: err.upstreamMessage ?? app.text('renegociar.erro.indisponivel') };
        return slipFailure(app, err, 'renegociar.erro.indisponivel');
      }
    },
  });
}
