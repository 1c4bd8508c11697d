import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatMoney } from '../../domain/format.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { DECIDE, DEVOLUCAO, NOT_ALLOWED, nextStep, quotaIdOf, refundAccess, refundOf, refusalOf, statusOf } from './flow.js';
import { refundUpstream } from './refund-upstream.js';

/**
 * Screens that say where the refund stands (doc 2 §2.7), by route: their text key, whether they
 * show the analyst's answer, the refused documents, a way on, or the start.
 */
const SITUATIONS: Record<string, { key: string; analyst?: true; refused?: true; next?: { label: string; to: string }; start?: true }> = {
  [`${DEVOLUCAO}/introducao`]: { key: 'introducao', start: true },
  [`${DEVOLUCAO}/nao-confirmada`]: { key: 'nao-confirmada' },
  [`${DEVOLUCAO}/sem-valor`]: { key: 'sem-valor' },
  [`${DEVOLUCAO}/indisponivel`]: { key: 'indisponivel' },
  [`${DEVOLUCAO}/analisando-informacoes`]: { key: 'analisando' },
  [`${DEVOLUCAO}/filiais`]: { key: 'filiais', analyst: true, next: { label: 'devolucao.filiais.ver', to: '/filiais' } },
  [`${DEVOLUCAO}/problema-documentos`]: { key: 'problema', analyst: true, refused: true, next: { label: 'devolucao.problema.reenviar', to: `${DEVOLUCAO}/reenviar-documentos` } },
};

/** Why the refund could not be confirmed (/devolucao/nao-confirmada?motivo=): the spec's three meanings. */
const REASONS: Record<string, string> = { 'em-andamento': 'devolucao.erro.em-andamento', indisponivel: 'devolucao.erro.indisponivel' };

/**
 * /devolucao picks the screen for the refund's status from the definitions (refund-screen:
 * Introduction without a phase, AccompanyValues for a phase it does not map); a quota that may not
 * have a refund is told so; the introduction starts it; the values screen shows what is returned.
 */
export default async function refundStart(app: FastifyInstance) {
  app.screens.register('devolucao', async (ctx) => {
    const upstream = ctx.upstream!;
    const access = await refundAccess(upstream);
    if (!access.allowed) return NOT_ALLOWED;
    const data = await refundOf(upstream);
    const target = app.flows.decide('refund-screen', { status: statusOf(data) }).outcome;
    return { redirect: typeof target === 'string' ? target : `${DEVOLUCAO}/introducao` };
  });

  app.screens.register('devolucao-situacao', async (ctx) => {
    const upstream = ctx.upstream!;
    const situation = SITUATIONS[ctx.route.path] ?? { key: 'analisando' };
    if (situation.key === 'nao-confirmada') {
      const reason = REASONS[ctx.query.get('motivo') ?? ''];
      return { titulo: app.text('devolucao.situacao.nao-confirmada.titulo'), texto: app.text(reason ?? 'devolucao.erro.nao-permitida'), observacao: '', recusados: [], continuar: null, iniciar: false };
    }
    if (!(await refundAccess(upstream)).allowed) return NOT_ALLOWED;
    const data = situation.analyst || situation.start ? await refundOf(upstream) : null;
    return {
      titulo: app.text(`devolucao.situacao.${situation.key}.titulo`),
      texto: app.text(`devolucao.situacao.${situation.key}.texto`),
      observacao: situation.analyst ? (data?.respostaAnalista ?? '') : '',
      recusados: situation.refused ? (data?.documentosRecusados ?? []).map((texto) => ({ texto })) : [],
      continuar: situation.next ? { rotulo: app.text(situation.next.label), destino: situation.next.to } : null,
      iniciar: situation.start === true ? { rotulo: app.text(data?.iniciada ? 'devolucao.introducao.continuar' : 'devolucao.introducao.iniciar') } : false,
    };
  });

  // The values to return (doc 2 §3.7), in R$: of a cancelled quota, or of a closed group.
  app.screens.register('devolucao-valor', async (ctx) => {
    const upstream = ctx.upstream!;
    const access = await refundAccess(upstream);
    if (!access.allowed) return NOT_ALLOWED;
    const data = await refundOf(upstream);
    if (!data?.iniciada) return DECIDE;
    const values = await refundUpstream.values(upstream, quotaIdOf(upstream), access.closure);
    if (values.valorDisponivel <= 0 && !statusOf(data)?.startsWith('PAGAMENTO')) return { redirect: `${DEVOLUCAO}/sem-valor` };
    const row = (key: string, value: number) => ({ label: app.text(`devolucao.valor.${key}`), text: formatMoney(value) });
    return {
      tipo: app.text(access.closure ? 'devolucao.valor.encerramento' : 'devolucao.valor.cancelamento'),
      disponivel: formatMoney(values.valorDisponivel),
      linhas: [
        row('disponivel', values.valorDisponivel),
        row('adiantado', values.valorAdiantado),
        row('rendimentos', values.rendimentos),
        row('pagamento', values.valorPagamento),
        row('imposto', values.impostoRenda),
        row('permanencia', values.taxaPermanencia),
        row('bem-pendente', values.valorBemPendente),
      ],
    };
  });

  // Starting (or continuing) the refund: values must be available now (else: not accessible now,
  // or nothing to return); the core system starts it once (iniciar), refusing one in progress.
  app.actions.register('refund/start', {
    idempotent: true,
    input: z.object({}),
    // Starting is one move per refund; continuing a started one moves nothing.
    once: {
      async key(_input, { upstream }) {
        const data = await refundOf(upstream!);
        return data?.iniciada ? null : { subject: `cota ${quotaIdOf(upstream!)} iniciar`, content: { status: data?.status ?? null } };
      },
    },
    async handler(_input, { upstream }): Promise<ActionResult> {
      const u = upstream!;
      if (!(await refundAccess(u)).allowed) return { kind: 'navigate', to: NOT_ALLOWED.redirect };
      try {
        const available = await refundUpstream.available(u, quotaIdOf(u)).catch((err: unknown) => {
          if (err instanceof UpstreamError && !err.tokenExpired) return null;
          throw err;
        });
        if (!available) return { kind: 'navigate', to: `${DEVOLUCAO}/indisponivel` };
        if (!available.possuiValores) return { kind: 'navigate', to: `${DEVOLUCAO}/sem-valor` };
        let data = await refundOf(u);
        if (!data?.iniciada) {
          await refundUpstream.start(u, quotaIdOf(u));
          data = await refundOf(u);
        }
        return { kind: 'navigate', to: nextStep(u, data) };
      } catch (err) {
        return refusalOf(app, err);
      }
    },
  });
}
