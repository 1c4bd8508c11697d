import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { localNow } from '../../domain/clock.js';
import { formatDate } from '../../domain/format.js';
import { lastBidDay } from '../../domain/bids.js';
import { daysUntil, inFormation, isAssemblyDay, isContemplated } from '../../domain/quota-flags.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { assemblies as backOffice, type AssemblyResult } from '../../../../back-office/index.js';
import { serverTime } from '../../upstream/server-time.js';
import type { Quota } from '../quotas/quota.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';

const calendar = (u: CustomerUpstream, idCota: number) => u.request(backOffice.calendar, { params: { id: idCota } });
const result = (u: CustomerUpstream, idCota: number, n: number) => u.request(backOffice.result, { params: { id: idCota, n } });
const lastResult = (u: CustomerUpstream, idCota: number) => u.request(backOffice.lastResult, { params: { id: idCota } });

/** A failed load shows the spec's message (doc 1 §8): the assemblies cannot be accessed now. */
function unavailable(err: unknown): boolean {
  return err instanceof UpstreamError && !err.tokenExpired && !err.notFound;
}

/**
 * Assemblies (/assembleias and onboarding, grupoemformacao, assembleiaanterior,
 * numerossorteados): next and previous assembly, the 'today' state when days to the next is 0
 * and the quota is not contemplated, the result concluded or awaiting tally with the quotas it
 * contemplated (by draw or by bid), and the numbers drawn.
 */
export default async function assemblies(app: FastifyInstance) {
  const situation = (r: AssemblyResult) => app.text(r.situacao === 'CONCLUIDA' ? 'assembleias.concluida' : 'assembleias.aguardando');

  app.screens.register('assembleias', async (ctx) => {
    const upstream = ctx.upstream!;
    const idCota = upstream.session.data.quota!.idCota;
    let quota: Quota;
    let assemblies: Array<{ numero: number; data: string }>;
    let time;
    try {
      [quota, { assembleias: assemblies }, time] = await Promise.all([
        selectedQuota(upstream),
        calendar(upstream, idCota),
        serverTime(upstream),
      ]);
    } catch (err) {
      if (unavailable(err)) return { erro: true };
      throw err;
    }
    if (inFormation(quota)) return { redirect: '/assembleias/grupoemformacao' };
    const today = localNow(time).slice(0, 10);
    const next = assemblies.find((a) => a.data >= today);
    const previous = assemblies.filter((a) => a.data < today).at(-1);
    const days = next ? daysUntil(next.data, today) : null;
    const last = previous ? await result(upstream, idCota, previous.numero).catch((err: unknown) => (unavailable(err) || (err instanceof UpstreamError && err.notFound) ? null : Promise.reject(err))) : null;
    return {
      erro: false,
      hoje: isAssemblyDay(days, isContemplated(quota, today)),
      proxima: next ? app.text('assembleias.numero-data', { numero: next.numero, data: formatDate(next.data) }) : app.text('assembleias.sem-proxima'),
      faltam: days !== null && days > 0 ? app.countText('assembleias.faltam', days) : '',
      anterior: previous ? app.text('assembleias.numero-data', { numero: previous.numero, data: formatDate(previous.data) }) : '',
      resultado: last ? situation(last) : '',
      numeroAnterior: previous?.numero ?? '',
    };
  });

  app.screens.register('assembleias-formacao', async (ctx) => {
    const upstream = ctx.upstream!;
    const { assembleias } = await calendar(upstream, upstream.session.data.quota!.idCota).catch((err: unknown) => (unavailable(err) ? { assembleias: [] } : Promise.reject(err)));
    const first = assembleias[0];
    return { primeira: first ? app.text('assembleias.numero-data', { numero: first.numero, data: formatDate(first.data) }) : '' };
  });

  /** The group's calendar: each assembly's date and the last day a bid for it is accepted. */
  app.screens.register('assembleias-calendario', async (ctx) => {
    const upstream = ctx.upstream!;
    const [calendarAnswer, time] = await Promise.all([calendar(upstream, upstream.session.data.quota!.idCota), serverTime(upstream)]).catch((err: unknown) =>
      unavailable(err) ? [null, null] : Promise.reject(err),
    );
    if (!calendarAnswer) return { erro: true, assembleias: [], vazio: false };
    const today = localNow(time).slice(0, 10);
    const bidsUntil = (day: string) => (day < today ? app.text('assembleias.realizada') : lastBidDay(day) < today ? app.text('assembleias.lances-encerrados') : formatDate(lastBidDay(day)));
    const assembleias = calendarAnswer.assembleias.map((a) => [app.text('assembleias.numero', { numero: a.numero }), formatDate(a.data), bidsUntil(a.data)]);
    return { erro: false, assembleias, vazio: assembleias.length === 0 };
  });

  const Numero = z.coerce.number().int().min(1).max(1000);

  app.screens.register('assembleias-resultado', async (ctx) => {
    const upstream = ctx.upstream!;
    const idCota = upstream.session.data.quota!.idCota;
    const sorteados = ctx.route.path === '/assembleias/numerossorteados';
    const titulo = app.text(sorteados ? 'assembleias.sorteados-titulo' : 'assembleias.anterior-titulo');
    const numero = Numero.safeParse(ctx.query.get('numero')).data;
    try {
      // Without a number, the last assembly held: one call, where the calendar and the clock would be two more before it.
      if (numero === undefined && ctx.query.get('numero') !== null) return { titulo, encontrado: false, erro: false };
      const r = numero === undefined ? await lastResult(upstream, idCota) : await result(upstream, idCota, numero);
      const apurada = r.situacao === 'CONCLUIDA';
      return {
        titulo,
        encontrado: true,
        erro: false,
        cabecalho: app.text('assembleias.numero-data', { numero: r.numero, data: formatDate(r.data) }),
        situacao: situation(r),
        apurada,
        numero: r.numero,
        sorteados,
        // /assembleias/numerossorteados: the numbers drawn, by prize; the result: the quotas contemplated.
        numeros: sorteados && apurada ? r.numerosSorteados.map((n, i) => ({ label: app.text('assembleias.premio', { ordem: i + 1 }), text: n })) : [],
        cotas: !sorteados && apurada ? (r.cotasContempladas ?? []).map((c) => [c.cota, app.text(`assembleias.modalidade.${c.modalidade}`)]) : [],
        contemplacoes: !sorteados && r.contemplacoes ? app.text('assembleias.contemplacoes', { sorteio: r.contemplacoes.sorteio, lance: r.contemplacoes.lance }) : '',
      };
    } catch (err) {
      if (err instanceof UpstreamError && err.notFound) return { titulo, encontrado: false, erro: false };
      if (unavailable(err)) return { titulo, encontrado: false, erro: true };
      throw err;
    }
  });
}
