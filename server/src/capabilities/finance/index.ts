import type { FastifyInstance } from 'fastify';
import { formatCount, formatDate, formatMoney, formatPercent } from '../../domain/format.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { documentsUpstream as docs } from '../documents/documents-upstream.js';
import { inNativeWrapper } from '../../composition/client-platform.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';

/**
 * Finance (/financeiro, /financeiro/extrato-consorciado; the annual payment proof is the
 * documents screen): the quota's credit, balance and instalments, the available values (a
 * failed load shows them empty, spec doc 1 §8) and the account statement with its PDF.
 */
export default async function finance(app: FastifyInstance) {
  app.screens.register('financeiro', async (ctx) => {
    const upstream = ctx.upstream!;
    const idCota = upstream.session.data.quota!.idCota;
    const [quota, values] = await Promise.all([
      selectedQuota(upstream),
      // Doc 1 §8: a failed available-values load stores the error (shown in place of the values).
      // A refusal (a quota not contemplated has no available values) is no failure: the values stay empty.
      ctx.secondary(
        'valores-disponiveis',
        docs.availableValues(upstream, idCota).catch((err: unknown) => {
          if (err instanceof UpstreamError && !err.unavailable && !err.tokenExpired) return null;
          throw err;
        }),
        null,
      ),
    ]);
    const n = (v: number | undefined) => formatCount(v ?? 0);
    // A quota not contemplated has no available values: the rows are left out and a sentence says
    // why. A load that failed keeps the rows with the reliability message in place of each value.
    const failed = ctx.dropped('valores-disponiveis');
    const available = values
      ? [
          { label: app.text('financeiro.valor-a-pagar'), text: formatMoney(values.VlrAPagar) },
          { label: app.text('financeiro.credito-corrigido'), text: formatMoney(values.VlrCreditoCorrigido) },
        ]
      : failed
        ? ['financeiro.valor-a-pagar', 'financeiro.credito-corrigido'].map((key) => ({ label: app.text(key), text: app.text('confiabilidade.valores-indisponiveis') }))
        : [];
    return {
      linhas: [
        { label: app.text('financeiro.credito'), text: formatMoney(quota.valorBem) },
        { label: app.text('financeiro.saldo-devedor'), text: formatMoney(quota.valorSaldoDevedor) },
        { label: app.text('financeiro.parcelas-pagas'), text: n(quota.parcelasPagas) },
        { label: app.text('financeiro.parcelas-restantes'), text: n(quota.parcelasRestantes) },
        { label: app.text('financeiro.parcelas-atraso'), text: n(quota.parcelasAtraso) },
        ...available,
      ],
      semValoresDisponiveis: !values && !failed,
      atraso: (quota.parcelasAtraso ?? 0) > 0,
    };
  });

  app.screens.register('financeiro-extrato', async (ctx) => {
    const upstream = ctx.upstream!;
    const statement = await docs.accountStatement(upstream, upstream.session.data.quota!.idCota);
    return {
      resumo: [
        { label: app.text('financeiro.total-pago'), text: formatMoney(statement.totalPago) },
        { label: app.text('financeiro.percentual-pago'), text: formatPercent(statement.percentualPago) },
        { label: app.text('financeiro.saldo-devedor'), text: formatMoney(statement.saldoDevedor) },
      ],
      linhas: statement.lancamentos.map((l) => [formatDate(l.data), l.descricao, `${l.tipo === 'D' ? '-' : ''}${formatMoney(l.valor)}`]),
      nativo: inNativeWrapper(ctx.request),
    };
  });
}
