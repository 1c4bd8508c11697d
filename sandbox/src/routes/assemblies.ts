import { assemblies } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http.js';
import { pathQuota } from '../quota-access.js';
import type { SandboxContext } from '../context.js';
import type { QuotaRecord } from '../state/store.js';

/**
 * Assemblies (spec doc 1 §7 "Assemblies"): the calendar (previous and next), the result of an
 * assembly (concluded or awaiting tally: the numbers drawn and the quotas contemplated by draw and
 * by bid) and the last result for the dashboard.
 * Assemblies are monthly; the one held in the last 2 days is still awaiting tally.
 */
export default async function assemblyRoutes(app: FastifyInstance, { state }: SandboxContext) {
  const TALLY_DAYS = 2;
  const DRAW_CONTEMPLATIONS = 2;

  /** Monthly, on the day of the month of the next one: three held before it, two to come. */
  function calendar(quota: QuotaRecord) {
    const next = quota.proximaAssembleiaEmDias;
    const held = Array.from({ length: Math.min(3, quota.assembleiaAtual) }, (_, k) => quota.assembleiaAtual - k).map((numero) => ({
      numero,
      data: state.clock.monthsAway(-(quota.assembleiaAtual + 1 - numero), next ?? 0),
    }));
    const coming = next === undefined ? [] : [0, 1].map((k) => ({ numero: quota.assembleiaAtual + 1 + k, data: state.clock.monthsAway(k, next) }));
    return [...held.reverse(), ...coming].map((a) => {
      const emDias = state.clock.daysUntil(a.data);
      return { numero: a.numero, data: a.data, realizada: emDias < 0, emDias };
    });
  }

  function result(quota: QuotaRecord, numero: number) {
    const assembly = calendar(quota).find((a) => a.numero === numero && a.emDias < 0);
    if (!assembly) return null;
    const seed = createHash('sha256').update(`${quota.grupo}:${numero}`).digest();
    const situacao = (-assembly.emDias <= TALLY_DAYS ? 'AGUARDANDO_APURACAO' : 'CONCLUIDA') as 'AGUARDANDO_APURACAO' | 'CONCLUIDA';
    if (situacao === 'AGUARDANDO_APURACAO') return { numero, data: assembly.data, situacao, numerosSorteados: [] };
    // The federal lottery's five prizes (5 digits each); the draw contemplates the quotas named by
    // the last three digits of the first prizes, the bids the three best offers.
    const drawn = [0, 1, 2, 3, 4].map((i) => String(seed.readUInt32BE(i * 4) % 100_000).padStart(5, '0'));
    const byDraw = drawn.slice(0, DRAW_CONTEMPLATIONS).map((n) => ({ cota: n.slice(-3).padStart(4, '0'), modalidade: 'SORTEIO' as const }));
    const byBid = [0, 1, 2].map((i) => ({ cota: String(seed.readUInt16BE(20 + i * 2) % 1000).padStart(4, '0'), modalidade: 'LANCE' as const }));
    return {
      numero,
      data: assembly.data,
      situacao,
      numerosSorteados: drawn,
      cotasContempladas: [...byDraw, ...byBid],
      contemplacoes: { sorteio: byDraw.length, lance: byBid.length },
    };
  }

  serve(app, assemblies.calendar, async (request, reply) => {
    const quota = pathQuota(state, request, reply);
    if (!quota) return reply;
    return { assembleias: calendar(quota).map(({ emDias: _emDias, ...a }) => a), prazo: quota.prazoMeses, statusGrupo: quota.statusGrupo };
  });

  serve(app, assemblies.result, async (request, reply) => {
    const quota = pathQuota(state, request, reply);
    if (!quota) return reply;
    const answer = result(quota, Number((request.params as { n: string }).n));
    return answer ?? notFound(reply, 'Assembleia não encontrada.');
  });

  serve(app, assemblies.lastResult, async (request, reply) => {
    const quota = pathQuota(state, request, reply);
    if (!quota) return reply;
    const last = calendar(quota).filter((a) => a.emDias < 0).at(-1);
    return (last && result(quota, last.numero)) ?? notFound(reply, 'Nenhuma assembleia realizada.');
  });
}
