import { renegotiation } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { grantOf, invalid } from '../http.js';
import type { SandboxContext } from '../context.js';
import type { Instalment } from '../state/billing.js';

/** The plan's renegotiation rules (spec doc 1 §5, §9). */
const MAX_PER_RENEGOTIATION = 2;
const MAX_PER_PLAN = 3;
const MIN_PAID = 3;

const Selection = z.object({ parcelasSelecionadas: z.array(z.string().min(1)).min(1) });

/**
 * Renegotiation of late instalments (spec doc 1 §7 "Renegotiation"), for the logged-in customer
 * across their quotas: eligibility, the late instalments, a selection of at most 2, the summary
 * and the confirmation. A quota takes part only after its first 3 instalments are paid and while
 * it has been renegotiated fewer than 3 times; the open instalment is paid normally.
 */
export default async function renegotiationRoutes(app: FastifyInstance, { state }: SandboxContext) {
  const billing = () => state.billing;

  function eligibleLate(customer: string): Instalment[] {
    return state
      .quotasOf(customer)
      .filter((q) => q.situacaoCota === 'NORMAL' && q.parcelasPagas >= MIN_PAID && (billing().renegotiations.get(q.idCota) ?? 0) < MAX_PER_PLAN)
      .flatMap((q) => billing().openOf(q.idCota).filter((i) => billing().isLate(i)));
  }

  function lateView(i: Instalment) {
    return { ...billing().view(i, state.quotas.get(i.idCota)!), diasAtraso: -i.venceEmDias };
  }

  serve(app, renegotiation.validate, async (request) => {
    const customer = grantOf(request).customer;
    const quotas = state.quotasOf(customer).filter((q) => q.situacaoCota === 'NORMAL');
    const withLate = quotas.filter((q) => billing().openOf(q.idCota).some((i) => billing().isLate(i)));
    let motivo: string | null = null;
    if (withLate.length === 0) motivo = 'Não há parcelas em atraso para renegociar.';
    else if (withLate.every((q) => q.parcelasPagas < MIN_PAID)) motivo = 'A renegociação só é possível depois de pagas as 3 primeiras parcelas.';
    else if (withLate.every((q) => (billing().renegotiations.get(q.idCota) ?? 0) >= MAX_PER_PLAN)) motivo = 'O limite de 3 renegociações no plano foi atingido.';
    return {
      podeRenegociar: motivo === null && eligibleLate(customer).length > 0,
      motivo,
      cotas: withLate.map((q) => ({ idCota: q.idCota, parcelasPagas: q.parcelasPagas, renegociacoesRealizadas: billing().renegotiations.get(q.idCota) ?? 0 })),
    };
  });

  serve(app, renegotiation.late, async (request) => ({ parcelasEmAtraso: eligibleLate(grantOf(request).customer).map(lateView) }));

  serve(app, renegotiation.select, async (request, reply) => {
    const customer = grantOf(request).customer;
    const body = Selection.safeParse(request.body);
    if (!body.success) return invalid(reply, 'Selecione ao menos uma parcela.');
    const ids = [...new Set(body.data.parcelasSelecionadas)];
    if (ids.length > MAX_PER_RENEGOTIATION) return invalid(reply, 'É possível renegociar no máximo 2 parcelas por vez.');
    const eligible = new Set(eligibleLate(customer).map((i) => i.identificadorCobranca));
    if (ids.some((id) => !eligible.has(id))) return invalid(reply, 'Parcela não disponível para renegociação.');
    billing().renegotiationSelection.set(customer, ids);
    return { parcelasSelecionadas: ids };
  });

  function selected(customer: string): Instalment[] {
    const eligible = eligibleLate(customer);
    return (billing().renegotiationSelection.get(customer) ?? []).map((id) => eligible.find((i) => i.identificadorCobranca === id)).filter((i): i is Instalment => Boolean(i));
  }

  serve(app, renegotiation.summary, async (request, reply) => {
    const customer = grantOf(request).customer;
    const parcelas = selected(customer);
    if (parcelas.length === 0) return invalid(reply, 'Selecione as parcelas a renegociar.');
    const total = Math.round(parcelas.reduce((sum, i) => sum + billing().amount(i).total, 0) * 100) / 100;
    const quotas = [...new Set(parcelas.map((i) => i.idCota))].map((id) => state.quotas.get(id)!);
    const restantes = Math.min(...quotas.map((q) => q.parcelasRestantes));
    // The open (not late) instalment of each quota is paid normally, by its own due date.
    const proximas = quotas.map((q) => billing().openOf(q.idCota).find((i) => !billing().isLate(i))).filter((i): i is Instalment => Boolean(i));
    return {
      parcelas: parcelas.map(lateView),
      valorRenegociado: total,
      parcelasDiluicao: restantes,
      acrescimoPorParcela: Math.round((total / Math.max(1, restantes)) * 100) / 100,
      proximasParcelas: proximas.map((i) => ({ idCota: i.idCota, nomeMovimentoFinanceiro: i.nomeMovimentoFinanceiro, dataVencimento: billing().dueDate(i), valor: billing().amount(i).total })),
    };
  });

  serve(app, renegotiation.confirm, async (request, reply) => {
    const customer = grantOf(request).customer;
    const parcelas = selected(customer);
    if (parcelas.length === 0) return invalid(reply, 'Selecione as parcelas a renegociar.');
    for (const i of parcelas) {
      i.situacao = 'RENEGOCIADA';
      const quota = state.quotas.get(i.idCota)!;
      quota.parcelasAtraso = Math.max(0, quota.parcelasAtraso - 1);
    }
    for (const id of new Set(parcelas.map((i) => i.idCota))) billing().renegotiations.set(id, (billing().renegotiations.get(id) ?? 0) + 1);
    billing().renegotiationSelection.delete(customer);
    return { data: { protocolo: `RN${state.clock.day().replace(/-/g, '')}${parcelas.length}${parcelas[0]!.idCota}`, parcelasRenegociadas: parcelas.map((i) => i.identificadorCobranca) } };
  });
}
