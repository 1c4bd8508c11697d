import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatDate, formatMoney, quotaLabel } from '../../domain/format.js';
import { mixesLateAndOnTime } from '../../domain/slips.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { generatedSlipPath, NO_QUOTA, selectedQuotaId, slipFailure } from './action-helpers.js';
import { quotaMove } from '../../security/once.js';
import { slipsUpstream } from './slips-upstream.js';

const UNIFY_ROUTE = '/boletos/unificarparcelas/selecionarcotas';

/** Instalments a slip list shows at first, and how many more each 'Ver mais' adds. */
export const SLIP_PAGE = 20;

/** How many of `total` instalments to show for `?mostrar=` (a whole number of pages, never less than one page). */
export function slipPage(total: number, asked: string | null): { shown: number; more: boolean; next: number } {
  const wanted = Number.parseInt(asked ?? '', 10);
  const pages = Number.isFinite(wanted) && wanted > SLIP_PAGE ? Math.ceil(Math.min(wanted, 5000) / SLIP_PAGE) : 1;
  const shown = Math.min(total, pages * SLIP_PAGE);
  return { shown, more: shown < total, next: (pages + 1) * SLIP_PAGE };
}

/**
 * Second copy (/boletos/listadeboletos) and unification (/boletos/unificarparcelas, then
 * …/selecionarcotas with the instalments of the customer's other quotas): the customer ticks
 * instalments, the server marks them (marcar / desmarcar) and generates one slip (gerar-boleto).
 * An overdue instalment is never grouped with on-time ones: the screen says why and refuses.
 */
export default async function selection(app: FastifyInstance) {
  app.screens.register('boletos-unificar', async (ctx) => {
    const idCota = ctx.upstream!.session.data.quota!.idCota;
    const others = (await app.quotaSelection.ownQuotaIds(ctx.request)).filter((id) => id !== idCota);
    return { outras: app.countText('boletos.unificar-outras', others.length), podeUnificar: others.length > 0 };
  });

  app.screens.register('boletos-lista', async (ctx) => {
    const idCota = ctx.upstream!.session.data.quota!.idCota;
    const unificar = ctx.route.path === UNIFY_ROUTE;
    const all = await slipsUpstream.secondCopy(ctx.upstream!, idCota, unificar);
    // A long listing is paged: the first SLIP_PAGE instalments, then 'Ver mais' shows the next ones.
    const page = slipPage(all.parcelas.length, ctx.query.get('mostrar'));
    const listing = { ...all, parcelas: all.parcelas.slice(0, page.shown) };
    const label = (p: (typeof listing.parcelas)[number]) =>
      `${unificar ? `${quotaLabel(p.grupo, p.cota)} · ` : ''}${p.nomeMovimentoFinanceiro} · ${formatMoney(p.valor)} · vence em ${formatDate(p.dataVencimento)}${p.emAtraso ? ` (${app.text('boletos.situacao.vencida').toLowerCase()})` : ''}`;
    return {
      titulo: app.text(unificar ? 'boletos.unificar-titulo' : 'boletos.lista-titulo'),
      unificar,
      temParcelas: listing.parcelas.length > 0,
      processo: listing.identificador,
      ids: listing.parcelas.map((p) => p.identificadorCobranca),
      atrasadas: listing.parcelas.filter((p) => p.emAtraso).map((p) => p.identificadorCobranca),
      rotulos: listing.parcelas.map(label),
      temMais: page.more,
      mostrando: app.text('boletos.lista-mostrando', { mostradas: page.shown, total: all.parcelas.length }),
      verMais: `${ctx.route.path}?mostrar=${page.next}`,
    };
  });

  // The growth bench's floor: the same upstream call as the slip list (validated), raw JSON, no screen.
  if (app.config.BENCH_ROUTES) {
    app.get('/api/bench/passthrough/slips', async (request, reply) => {
      const idCota = request.session?.data.quota?.idCota;
      if (idCota === undefined) return reply.code(401).send({ message: 'login and quota required' });
      return slipsUpstream.secondCopy(request.customerUpstream(), idCota, false);
    });
  }

  const Marked = z.object({
    processo: z.string().min(1).max(64),
    unificar: z.boolean().default(false),
    /** The late instalments of the listing the screen showed (the upstream refuses a mix too). */
    atrasadas: z.array(z.string().max(64)).max(48).default([]),
    parcelas: z.array(z.string().min(1).max(64), '@boletos.erro.selecione').min(1, '@boletos.erro.selecione').max(24),
  });

  app.actions.register('slips/generate-marked', {
    idempotent: true,
    consistency: [{ fields: ['parcelas', 'atrasadas'], rule: 'one slip groups late instalments or on-time ones, never both', message: '@boletos.erro.agrupar-atrasadas', by: 'handler' }],
    input: Marked,
    // The instalments ticked must be the listing's own; reading it makes it the quota's current
    // listing, the one the marks apply to.
    owns: {
      instalment: (input) => (input.unificar ? [] : [...input.parcelas, ...input.atrasadas]),
      'unified-instalment': (input) => (input.unificar ? [...input.parcelas, ...input.atrasadas] : []),
    },
    // One slip per choice of instalments: the same choice again, from any tab or session, is that slip.
    // Checked inside the move: a raced confirmation's ownership read would start a new listing and
    // drop the marks the leading one has just made.
    once: { key: (input, { request }) => quotaMove(request, input.unificar ? 'unificado' : 'segunda-via', [...new Set(input.parcelas)].sort()), ownershipWithin: true },
    async handler(input, { upstream, request }): Promise<ActionResult> {
      const idCota = selectedQuotaId(request);
      if (idCota === null) return NO_QUOTA;
      // Marks belong to the listing the screen showed (the latest second-copy process of the quota).
      const chosen = input.parcelas.map((id) => ({ emAtraso: input.atrasadas.includes(id) }));
      if (mixesLateAndOnTime(chosen)) return { kind: 'field-errors', errors: { parcelas: app.text('boletos.erro.agrupar-atrasadas') } };
      const marked: string[] = [];
      try {
        for (const id of input.parcelas) {
          await slipsUpstream.mark(upstream!, idCota, id, true);
          marked.push(id);
        }
        const generated = await slipsUpstream.generateMarked(upstream!, idCota);
        return { kind: 'navigate', to: generatedSlipPath(generated.idBoleto) };
      } catch (err) {
        // A refused mark leaves the listing as the customer found it: what this attempt marked is unmarked.
        for (const id of marked) await slipsUpstream.mark(upstream!, idCota, id, false).catch(() => undefined);
        if (err instanceof UpstreamError && (err.status === 400 || err.notFound)) return { kind: 'field-errors', errors: { parcelas: err.upstreamMessage ?? app.text('boletos.erro.gerar') } };
        return slipFailure(app, err, 'boletos.erro.gerar');
      }
    },
  });
}
