import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { localNow } from '../../domain/clock.js';
import { formatDate, formatMoney } from '../../domain/format.js';
import { isCancelled, isPaidOff } from '../../domain/quota-flags.js';
import { filterInstalments, parseSlipFilter, SLIP_FILTERS } from '../../domain/slips.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';
import delivery from './delivery.js';
import renegotiation from './renegotiation.js';
import selection from './selection.js';
import slip from './slip.js';
import { generatedSlipPath, NO_QUOTA, selectedQuotaId, slipFailure } from './action-helpers.js';
import { quotaMove } from '../../security/once.js';
import { slipsUpstream, type PendingInstalment } from './slips-upstream.js';
import { defineSlipLists, listingOf } from './listing.js';

function dueText(p: PendingInstalment, text: FastifyInstance['text']): string {
  return p.emAtraso ? text('boletos.situacao.vencida') : text('boletos.situacao.a-vencer');
}

/**
 * Slips (/boletos and children, spec doc 1 §2): the quota's instalments with the filter all /
 * due / late, the bill breakdown, generation, payoff and the paid-off quota; the generated slip,
 * second copy and unification, delivery preference and renegotiation live in their own files.
 */
export default async function slips(app: FastifyInstance) {
  defineSlipLists(app);
  await app.register(slip);
  await app.register(selection);
  await app.register(delivery);
  await app.register(renegotiation);

  app.screens.register('boletos', async (ctx) => {
    const idCota = ctx.upstream!.session.data.quota!.idCota;
    const quota = await selectedQuota(ctx.upstream!);
    if (isPaidOff(quota)) return { redirect: '/boletos/cotaquitada' };
    const listing = await slipsUpstream.secondCopy(ctx.upstream!, idCota, false);
    const filtro = parseSlipFilter(ctx.query.get('filtro'));
    const shown = filterInstalments(listing.parcelas, filtro);
    const others = (await app.quotaSelection.ownQuotaIds(ctx.request)).filter((id) => id !== idCota);
    return {
      filtros: SLIP_FILTERS.map((f) => ({ id: f, rotulo: app.text(`boletos.filtro.${f}`), atual: f === filtro, destino: `/boletos?filtro=${f}` })),
      filtroAtual: app.text(`boletos.filtro.${filtro}`),
      parcelas: shown.map((p) => ({
        id: p.identificadorCobranca,
        titulo: p.nomeMovimentoFinanceiro,
        vencimento: formatDate(p.dataVencimento),
        valor: formatMoney(p.valor),
        situacao: dueText(p, app.text),
        atrasada: p.emAtraso,
        tom: p.emAtraso ? 'danger' : 'info',
        composicao: `/boletos/composicao?parcela=${encodeURIComponent(p.identificadorCobranca)}`,
      })),
      processo: listing.identificador,
      temAtraso: listing.parcelas.some((p) => p.emAtraso),
      podeUnificar: others.length > 0,
      podeQuitar: !isCancelled(quota) && quota.valorSaldoDevedor > 0,
    };
  });

  app.screens.register('boletos-composicao', async (ctx) => {
    const idCota = ctx.upstream!.session.data.quota!.idCota;
    const [quota, listing] = await Promise.all([selectedQuota(ctx.upstream!), slipsUpstream.secondCopy(ctx.upstream!, idCota, false)]);
    const p = listing.parcelas.find((i) => i.identificadorCobranca === ctx.query.get('parcela'));
    if (!p) return { encontrada: false, linhas: [] };
    const c = p.composicao ?? { fundoComum: 0, taxaAdministracao: 0, fundoReserva: 0, seguroVida: 0 };
    // Bill breakdown fields (spec doc 2 §3.9), formatted.
    const linhas: Array<[string, string]> = [
      ['emissao', formatDate(localNow(null))],
      ['minimo', formatMoney(p.valor)],
      ['proxima-assembleia', quota.dataProximaAssembleia ? formatDate(quota.dataProximaAssembleia) : app.text('comum.sem-data')],
      ['valor-parcela', formatMoney(p.valorOriginal)],
      ['reajuste', app.text(quota.tipo === 'imovel' ? 'boletos.composicao.reajuste-incc' : 'boletos.composicao.reajuste-ipca')],
      ['numero-parcela', String(p.numeroParcela)],
      ['parcelas-pagas', String(quota.parcelasPagas ?? 0)],
      ['atraso', String(quota.parcelasAtraso ?? 0)],
      ['prazo-grupo', quota.prazo ? `${quota.prazo} meses` : app.text('comum.nao-informado')],
      ['credito-original', formatMoney(quota.valorBem)],
      ['taxa-administracao', formatMoney(c.taxaAdministracao)],
      ['fundo-reserva', formatMoney(c.fundoReserva)],
      ['fundo-comum', formatMoney(c.fundoComum)],
      ['diferenca-parcela', formatMoney(p.valorEncargos)],
      ['seguro-vida', formatMoney(c.seguroVida)],
    ];
    return {
      encontrada: true,
      titulo: `${p.nomeMovimentoFinanceiro} · vence em ${formatDate(p.dataVencimento)}`,
      linhas: linhas.map(([key, value]) => ({ label: app.text(`boletos.composicao.${key}`), text: value })),
    };
  });

  const Generate = z.object({
    processo: z.string('@boletos.erro.gerar').min(1).max(64),
    cobranca: z.string('@boletos.erro.gerar').min(1).max(64),
  });

  app.actions.register('slips/generate', {
    idempotent: true,
    input: Generate,
    // The instalment must be one of the quota's own; the slip is issued under the server's own
    // listing (its second-copy process), never a process named by the page.
    owns: { instalment: (input) => [input.cobranca] },
    // One slip per instalment, whatever listing (second-copy process) it was asked from.
    once: { key: (input, { request }) => quotaMove(request, `parcela ${input.cobranca}`) },
    async handler(input, { upstream, request }): Promise<ActionResult> {
      const idCota = selectedQuotaId(request);
      if (idCota === null) return NO_QUOTA;
      try {
        const listing = await listingOf(request, false);
        const generated = await slipsUpstream.generate(upstream!, idCota, listing.identificador, [input.cobranca]);
        return { kind: 'navigate', to: generatedSlipPath(generated.idBoleto) };
      } catch (err) {
        return slipFailure(app, err, 'boletos.erro.gerar');
      }
    },
  });

  app.actions.register('slips/payoff-quote', {
    input: z.object({}),
    async handler(_input, { upstream, request }): Promise<ActionResult> {
      const idCota = selectedQuotaId(request);
      if (idCota === null) return NO_QUOTA;
      let quote;
      try {
        quote = await slipsUpstream.payoffQuote(upstream!, idCota);
      } catch (err) {
        if (err instanceof UpstreamError && !err.unavailable && !err.tokenExpired) {
          return { kind: 'error', title: app.text('erro.titulo'), message: err.upstreamMessage ?? app.text('boletos.erro.gerar') };
        }
        return slipFailure(app, err, 'boletos.erro.gerar');
      }
      return {
        kind: 'modal',
        modal: {
          id: 'quitar-cota',
          title: app.text('boletos.quitar-titulo'),
          body: [
            { type: 'value', label: app.text('boletos.quitar-valor'), text: formatMoney(quote.valorQuitacao), emphasis: true },
            { type: 'value', label: app.text('boletos.campo.vencimento'), text: formatDate(quote.dataVencimento) },
            { type: 'text', text: app.text('boletos.quitar-texto', { parcelas: quote.parcelasRestantes }) },
          ],
          actions: [
            { label: app.text('boletos.quitar-confirmar'), variant: 'primary', action: { type: 'submit', action: 'slips/payoff', loadingMessage: app.text('carregando.enviando') } },
            { label: app.text('boletos.voltar'), variant: 'secondary', action: { type: 'dismiss' } },
          ],
        },
      };
    },
  });

  app.actions.register('slips/payoff', {
    idempotent: true,
    input: z.object({}),
    // One payoff slip per quota and day (its value is the day's).
    once: { key: (_input, { request }) => quotaMove(request, 'quitacao', localNow(null).slice(0, 10)) },
    async handler(_input, { upstream, request }): Promise<ActionResult> {
      const idCota = selectedQuotaId(request);
      if (idCota === null) return NO_QUOTA;
      try {
        const generated = await slipsUpstream.payoffSlip(upstream!, idCota);
        return { kind: 'navigate', to: generatedSlipPath(generated.idBoleto) };
      } catch (err) {
        return slipFailure(app, err, 'boletos.erro.gerar');
      }
    },
  });
}
