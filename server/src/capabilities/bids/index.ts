import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { bidRefusal } from '../../domain/bids.js';
import { formatDate, formatMoney, formatPercent } from '../../domain/format.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';
import { bidHistory, bidRules, cancelBid } from './bids-upstream.js';
import bidWizard, { bidSubject } from './wizard.js';

const STATUS_TEXT: Record<string, string> = {
  ATIVO: 'Ativo para a próxima assembleia',
  CANCELADO: 'Cancelado',
  SUBSTITUIDO: 'Substituído por uma nova oferta',
  NAO_CONTEMPLADO: 'Não contemplado',
  CONTEMPLADO: 'Contemplado',
};

/** History pages read to find the protocols of a body: a bid still to act on is among the newest. */
const OWN_BID_PAGES = 10;

/**
 * Bids: /offers-and-bids-introduction (next assembly, whether offers are open, the wizard's steps
 * for this quota type from the bid-wizard definition) and /bid_history (paged 20, cancel with a
 * confirmation modal); the offer wizard (/offers-and-bids) is in wizard.ts.
 */
export default async function bids(app: FastifyInstance) {
  await app.register(bidWizard);

  // The protocols of the selected quota's history, newest first, until every one asked for is found.
  app.ownership.define('bid', {
    refusal: 'lances.erro.nao-encontrado',
    async own(ids, request) {
      const own = new Set<string>();
      const idCota = request.session?.data.quota?.idCota;
      if (idCota === undefined) return own;
      for (let page = 1; page <= OWN_BID_PAGES; page++) {
        const history = await bidHistory(request.customerUpstream(), idCota, page);
        for (const bid of history.data.data) if (ids.includes(bid.protocolo)) own.add(bid.protocolo);
        if (own.size === ids.length || page >= history.total_pages) break;
      }
      return own;
    },
  });

  app.screens.register('lances-introducao', async (ctx) => {
    const quota = ctx.upstream!.session.data.quota!;
    const [rules, selected] = await Promise.all([bidRules(ctx.upstream!, quota.idCota), selectedQuota(ctx.upstream!)]);
    const { tipo } = selected;
    const refusal = bidRefusal(selected, rules.lanceAberto);
    const steps = app.flows.steps('bid-wizard', { tipo, opcoes: rules.opcoes.map((o) => o.codigo) });
    const labels = app.flows.wizard('bid-wizard').steps.filter((s) => steps.includes(s.id)).map((s) => s.label);
    return {
      assembleia: rules.assembleia.data ? `${rules.assembleia.numero}ª assembleia, em ${formatDate(rules.assembleia.data)}` : app.text('comum.sem-data'),
      aberto: refusal === null,
      cancelada: refusal === 'cota-cancelada',
      encerrado: refusal === 'encerrado',
      passos: labels.join(' → '),
    };
  });

  app.screens.register('lances-historico', async (ctx) => {
    const quota = ctx.upstream!.session.data.quota!;
    const page = z.coerce.number().int().min(1).max(10_000).catch(1).parse(ctx.query.get('pagina') ?? 1);
    const history = await bidHistory(ctx.upstream!, quota.idCota, page);
    return {
      lances: history.data.data.map((b) => ({
        protocolo: b.protocolo,
        titulo: `Protocolo ${b.protocolo}`,
        data: formatDate(b.dataCredenciamento),
        valor: `${formatMoney(b.valorOferta)} (${formatPercent(b.percentual)})`,
        status: STATUS_TEXT[b.status] ?? b.status,
        ativo: b.status === 'ATIVO',
      })),
      anterior: page > 1 ? `/bid_history?pagina=${page - 1}` : '',
      proxima: page < history.total_pages ? `/bid_history?pagina=${page + 1}` : '',
    };
  });

  const Protocol = z.object({ protocolo: z.string('@lances.erro.protocolo').regex(/^[0-9A-Za-z-]{4,32}$/, '@lances.erro.protocolo') });

  app.actions.register('bids/cancel-confirm', {
    input: Protocol,
    owns: { bid: (input) => [input.protocolo] },
    async handler(input): Promise<ActionResult> {
      return {
        kind: 'modal',
        modal: {
          id: 'cancelar-lance',
          title: app.text('lances.cancelar-titulo'),
          body: [{ type: 'text', text: app.text('lances.cancelar-texto', { protocolo: input.protocolo }) }],
          actions: [
            { label: app.text('lances.cancelar-confirmar'), variant: 'primary', action: { type: 'submit', action: 'bids/cancel', payload: { protocolo: input.protocolo } } },
            { label: app.text('lances.cancelar-voltar'), variant: 'secondary', action: { type: 'dismiss' } },
          ],
        },
      };
    },
  });

  // Repeat: the wizard starts again with the earlier bid's answers.
  app.actions.register('bids/repeat', {
    input: Protocol,
    owns: { bid: (input) => [input.protocolo] },
    async handler(input, { upstream, request }): Promise<ActionResult> {
      const session = request.session!;
      const quota = session.data.quota;
      if (!quota) return { kind: 'navigate', to: '/groups-and-quotas' };
      const history = await bidHistory(upstream!, quota.idCota, 1);
      const bid = history.data.data.find((b) => b.protocolo === input.protocolo);
      if (!bid) return { kind: 'error', title: app.text('erro.titulo'), message: app.text('lances.erro.nao-encontrado') };
      await app.sessions.patch(session, { bidDraft: { idCota: quota.idCota, modalidade: bid.modalidade, tipoOferta: 'VL', valorOferta: bid.valorOferta } });
      return { kind: 'navigate', to: '/offers-and-bids?passo=type' };
    },
  });

  app.actions.register('bids/cancel', {
    input: Protocol,
    owns: { bid: (input) => [input.protocolo] },
    // A bid is cancelled once; the same offer may then be made again.
    once: {
      key: (input, { request }) => (request.session!.data.quota ? { subject: `${bidSubject(request.session!.data.quota.idCota)} lance ${input.protocolo}` } : null),
      reopens: (_input, { request }) => [{ action: 'bids/confirm', subject: bidSubject(request.session!.data.quota!.idCota) }],
    },
    async handler(input, { upstream, request }): Promise<ActionResult> {
      const quota = request.session!.data.quota;
      if (!quota) return { kind: 'navigate', to: '/groups-and-quotas' };
      try {
        await cancelBid(upstream!, quota.idCota, input.protocolo);
      } catch (err) {
        if (err instanceof UpstreamError && !err.unavailable) {
          return { kind: 'error', title: app.text('erro.titulo'), message: err.upstreamMessage ?? app.text('lances.erro.cancelar') };
        }
        throw err;
      }
      return { kind: 'snackbar', message: app.text('lances.cancelado'), to: '/bid_history' };
    },
  });
}
