import { bids as bidCalls } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fail, grantOf, invalid, notFound } from '../http.js';
import { callerQuota } from '../quota-access.js';
import type { SandboxContext } from '../context.js';
import type { QuotaRecord } from '../state/store.js';

/** A bid as the history answers it. */
export interface Bid {
  protocolo: string;
  idCota: number;
  assembleia: number;
  dataCredenciamento: string;
  modalidade: string;
  valorOferta: number;
  percentual: number;
  valorLanceEmbutido: number;
  valorFGTS: number;
  trocaChaves: boolean;
  status: 'ATIVO' | 'CANCELADO' | 'SUBSTITUIDO' | 'NAO_CONTEMPLADO';
  identificador: string;
}

/** The bid history of one sandbox, for its control routes. */
export const bidBooks = new WeakMap<object, { replace(quota: QuotaRecord, count: number): void }>();

const OfferBody = z.object({
  situacaoModalidade: z.string(),
  valorOferta: z.number().positive(),
  valorLanceEmbutido: z.number().min(0).default(0),
  valorFGTS: z.number().min(0).default(0),
  trocaChaves: z.boolean().default(false),
  numeroIP: z.string(),
  formaAcesso: z.literal('SR'),
  utilizaAntecipacao: z.literal(false),
  quantidadeParcelaSubsequente: z.literal(0),
  identificador: z.string().min(8),
});

/**
 * Bids (spec doc 1 §7 "Bids"): rules, simulation, offer with protocol, history (page_size 20,
 * data.data, total_pages) and cancellation by protocol. Bids close the day before the assembly
 * and are refused for a cancelled quota; a new bid replaces the earlier one for that assembly;
 * the same `identificador` twice is one bid.
 */
export default async function bidRoutes(app: FastifyInstance, { state }: SandboxContext) {
  /** Every bid made in this sandbox, from the seed (ana's two earlier bids) on; reset brings the seed back. */
  const book = () => state.local('bids', () => seedBids(state));
  // perf: the bench's growth figures replace a quota's history (control-portfolio.ts).
  bidBooks.set(state, {
    replace(quota, count) {
      const bids = book();
      for (let i = bids.length - 1; i >= 0; i--) if (bids[i]!.idCota === quota.idCota) bids.splice(i, 1);
      for (let i = 0; i < count; i++) {
        bids.push({
          protocolo: `2025${String(800000 + i)}`,
          idCota: quota.idCota,
          assembleia: quota.assembleiaAtual - 1 - (i % 120),
          dataCredenciamento: state.clock.day(-(30 + (i % 3000))),
          modalidade: 'LL',
          valorOferta: 10_000 + (i % 50) * 100,
          percentual: 10 + (i % 20),
          valorLanceEmbutido: 0,
          valorFGTS: 0,
          trocaChaves: false,
          status: 'NAO_CONTEMPLADO',
          identificador: `bench-${i}`,
        });
      }
    },
  });

  function ownQuota(request: FastifyRequest, reply: FastifyReply): QuotaRecord | null {
    return callerQuota(state, request, reply, (request.params as { id: string }).id);
  }

  const open = (q: QuotaRecord) => q.situacaoCota !== 'CANCELADO' && q.proximaAssembleiaEmDias !== undefined && q.proximaAssembleiaEmDias > 1;

  serve(app, bidCalls.rules, async (request, reply) => {
    const quota = ownQuota(request, reply);
    if (!quota) return reply;
    return {
      valorBem: quota.valorBem,
      assembleia: { numero: quota.assembleiaAtual + 1, data: quota.proximaAssembleiaEmDias === undefined ? null : state.clock.day(quota.proximaAssembleiaEmDias) },
      lanceAberto: open(quota),
      tiposLance: [
        { modalidade: 'LL', descricao: 'Lance livre', percentualMinimo: 5, percentualMaximo: 60 },
        { modalidade: 'LF', descricao: 'Lance fixo', percentualFixo: 30 },
      ],
      tiposOferta: [{ tipo: 'PE', descricao: 'Percentual' }, { tipo: 'VL', descricao: 'Valor' }],
      opcoes: (quota.opcoesLance ?? ['001']).map((codigo) => ({ codigo })),
      permiteFgts: quota.permiteFgts === true,
    };
  });

  // Embedded bid limits for a modality and value (spec: situacaoModalidade, percentualLance or valorLance).
  serve(app, bidCalls.embeddedLimit, async (request, reply) => {
    const quota = state.quotas.get(Number((request.params as { quotaId: string }).quotaId));
    if (!quota || quota.owner !== grantOf(request).customer) return notFound(reply, 'Cota não encontrada.');
    const body = z.object({ situacaoModalidade: z.string(), valorLance: z.number().positive().optional(), percentualLance: z.number().positive().optional() }).safeParse(request.body);
    if (!body.success || (body.data.valorLance === undefined && body.data.percentualLance === undefined)) return invalid(reply, 'Informe valorLance ou percentualLance.');
    const lance = body.data.valorLance ?? Math.round(quota.valorBem * body.data.percentualLance!) / 100;
    return { valorMaximoEmbutido: Math.min(Math.round(quota.valorBem * 25) / 100, lance), percentualMaximo: 25 };
  });

  serve(app, bidCalls.simulate, async (request, reply) => {
    const quota = ownQuota(request, reply);
    if (!quota) return reply;
    const parsed = OfferBody.partial({ numeroIP: true, formaAcesso: true, utilizaAntecipacao: true, quantidadeParcelaSubsequente: true, identificador: true }).safeParse(request.body);
    if (!parsed.success) return invalid(reply, 'Dados da simulação inválidos.');
    const { valorOferta, valorLanceEmbutido } = parsed.data;
    const saldo = Math.max(0, quota.valorSaldoDevedor - valorOferta);
    return {
      valorOferta,
      percentual: Math.round((valorOferta / quota.valorBem) * 10_000) / 100,
      creditoLiquido: Math.round((quota.valorBem - valorLanceEmbutido) * 100) / 100,
      saldoDevedorApos: Math.round(saldo * 100) / 100,
      parcelasRestantesApos: Math.max(1, Math.round(quota.parcelasRestantes * (saldo / Math.max(quota.valorSaldoDevedor, 1)))),
    };
  });

  serve(app, bidCalls.offer, async (request, reply) => {
    const quota = ownQuota(request, reply);
    if (!quota) return reply;
    const parsed = OfferBody.safeParse(request.body);
    if (!parsed.success) return invalid(reply, 'Dados da oferta inválidos.');
    if (quota.situacaoCota === 'CANCELADO') return fail(reply, 400, 'Cota cancelada não pode ofertar lance.');
    if (!open(quota)) return fail(reply, 400, 'O prazo para ofertar lance nesta assembleia terminou.');
    const bids = book();
    const again = bids.find((b) => b.identificador === parsed.data.identificador);
    if (again) return { protocolo: again.protocolo, notificacoes: [] };
    const assembleia = quota.assembleiaAtual + 1;
    for (const b of bids) if (b.idCota === quota.idCota && b.assembleia === assembleia && b.status === 'ATIVO') b.status = 'SUBSTITUIDO';
    const bid: Bid = {
      protocolo: `2026${randomInt(100_000, 999_999)}`,
      idCota: quota.idCota,
      assembleia,
      dataCredenciamento: state.clock.day(),
      modalidade: parsed.data.situacaoModalidade,
      valorOferta: parsed.data.valorOferta,
      percentual: Math.round((parsed.data.valorOferta / quota.valorBem) * 10_000) / 100,
      valorLanceEmbutido: parsed.data.valorLanceEmbutido,
      valorFGTS: parsed.data.valorFGTS,
      trocaChaves: parsed.data.trocaChaves,
      status: 'ATIVO',
      identificador: parsed.data.identificador,
    };
    bids.push(bid);
    return { protocolo: bid.protocolo, notificacoes: [] };
  });

  serve(app, bidCalls.history, async (request, reply) => {
    const quota = ownQuota(request, reply);
    if (!quota) return reply;
    const query = z.object({ page: z.coerce.number().int().min(1).default(1), page_size: z.coerce.number().int().min(1).max(100).default(20) }).safeParse(request.query);
    if (!query.success) return invalid(reply, 'Parâmetros de paginação inválidos.');
    const { page, page_size } = query.data;
    const own = book().filter((b) => b.idCota === quota.idCota).sort((a, b) => b.dataCredenciamento.localeCompare(a.dataCredenciamento) || b.protocolo.localeCompare(a.protocolo));
    return { data: { data: own.slice((page - 1) * page_size, page * page_size), page, total: own.length }, total_pages: Math.max(1, Math.ceil(own.length / page_size)) };
  });

  serve(app, bidCalls.cancel, async (request, reply) => {
    const quota = ownQuota(request, reply);
    if (!quota) return reply;
    const bid = book().find((b) => b.idCota === quota.idCota && b.protocolo === (request.params as { protocol: string }).protocol);
    if (!bid) return notFound(reply, 'Lance não encontrado.');
    if (bid.status !== 'ATIVO') return fail(reply, 400, 'Este lance não pode mais ser cancelado.');
    bid.status = 'CANCELADO';
    return reply.code(204).send();
  });
}

/** The seeded history: ana's two earlier bids, from the last two assemblies. */
function seedBids(state: SandboxContext['state']): Bid[] {
  const bids: Bid[] = [];
  for (const quota of state.quotas.values()) {
    if (quota.owner !== 'ana') continue;
    for (const [i, ago] of [40, 10].entries()) {
      bids.push({
        protocolo: `2026${String(700100 + i)}`,
        idCota: quota.idCota,
        assembleia: quota.assembleiaAtual - 2 + i,
        dataCredenciamento: state.clock.day(-ago),
        modalidade: 'LL',
        valorOferta: 12_750 + i * 1_000,
        percentual: 15 + i,
        valorLanceEmbutido: 0,
        valorFGTS: 0,
        trocaChaves: false,
        status: 'NAO_CONTEMPLADO',
        identificador: `seed-${i}`,
      });
    }
  }
  return bids;
}
