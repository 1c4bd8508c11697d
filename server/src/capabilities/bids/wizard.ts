import { bids as bidCalls } from '../../../../back-office/index.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { BID_MESSAGES, bidRefusal, bidValueFromPercentage, bidValueProblem, embeddedPlusFgtsProblem, embeddedProblem, FGTS_PURPOSES, fgtsPercentage, freeBidAuto, readMoney } from '../../domain/bids.js';
import { formatMoney, formatPercent } from '../../domain/format.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import type { BidDraft } from '../../storage/session-store.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';
import { bidRules, embeddedLimit, simulateBid, type BidRules } from './bids-upstream.js';

const WIZARD = 'bid-wizard';
const OPTIONAL_STEPS = new Set(['builtin', 'fgts', 'keys']);

/** What a bid move acts on: the quota's offer for its next assembly. */
export const bidSubject = (idCota: number) => `cota ${idCota}`;

/** The money limits of a modality, from the rule's percentages of the good's value. */
function limitsOf(rules: BidRules, modalidade: string): { min: number; max: number; fixed?: number } {
  const rule = rules.tiposLance.find((t) => t.modalidade === modalidade);
  if (rule?.percentualFixo !== undefined) {
    const fixed = bidValueFromPercentage(rules.valorBem, rule.percentualFixo);
    return { min: fixed, max: fixed, fixed };
  }
  return { min: bidValueFromPercentage(rules.valorBem, rule?.percentualMinimo ?? 0), max: bidValueFromPercentage(rules.valorBem, rule?.percentualMaximo ?? 100) };
}

/** A money field: a number from the `dinheiro` format, or pt-BR text. */
const moneyInput = z.union([z.number(), z.string().max(20)]);
const blank = (v: string | number | undefined) => v === undefined || (typeof v === 'string' && v.trim() === '');

const money = (field: string) => moneyInput.optional().transform((v, ctx) => {
  if (v === undefined || blank(v)) return 0;
  const parsed = readMoney(v);
  if (parsed === null) {
    ctx.addIssue({ code: 'custom', message: '@lances.erro.valor', path: [field] });
    return z.NEVER;
  }
  return parsed;
});

const StepInput = z.discriminatedUnion('passo', [
  z.object({ passo: z.literal('type'), modalidade: z.enum(['LL', 'LF'], '@lances.erro.modalidade'), tipoOferta: z.enum(['PE', 'VL']).default('VL'), valor: moneyInput.optional() }),
  z.object({ passo: z.literal('builtin'), valorLanceEmbutido: money('valorLanceEmbutido') }),
  z.object({ passo: z.literal('fgts'), valorFGTS: money('valorFGTS'), trabalho3anos: z.boolean().default(false), semFinanciamentoSfh: z.boolean().default(false), finalidade: z.enum(FGTS_PURPOSES, '@lances.erro.fgts-finalidade').optional() }),
  z.object({ passo: z.literal('keys'), trocaChaves: z.boolean().default(false) }),
  z.object({ passo: z.literal('reduction'), tipoAmortizacao: z.enum(['PRAZO', 'PARCELA'], '@lances.erro.reducao') }),
]);

/**
 * The offer wizard (/offers-and-bids?passo=…): steps type → builtin → fgts → keys → reduction →
 * summary → confirmation, available by quota type from the bid-wizard definition. The draft
 * lives in the session; each step is validated on the server with the spec's messages.
 */
export default async function bidWizard(app: FastifyInstance) {
  /** The quota's draft in the session (a new one for another quota). */
  function draftOf(request: FastifyRequest): BidDraft {
    const quota = request.session!.data.quota!;
    return request.session!.data.bidDraft?.idCota === quota.idCota ? request.session!.data.bidDraft : { idCota: quota.idCota };
  }

  /**
   * What a step reads of its own (the embedded bid's limit, the simulation): it depends on the draft
   * alone, so it is asked together with the rules and the quota, not after them. A step the screen
   * then redirects away from leaves its answer unread.
   */
  async function stepRead(upstream: CustomerUpstream, draft: BidDraft, passo: string | null): Promise<Record<string, unknown>> {
    if (passo === 'builtin' && draft.valorOferta) {
      const { valorMaximoEmbutido } = await embeddedLimit(upstream, draft.idCota, draft.modalidade ?? 'LL', draft.valorOferta);
      return { limiteEmbutido: formatMoney(valorMaximoEmbutido) };
    }
    if (passo === 'summary' && draft.valorOferta) {
      try {
        const sim = await simulateBid(upstream, draft.idCota, {
          situacaoModalidade: draft.modalidade ?? 'LL',
          valorOferta: draft.valorOferta,
          valorLanceEmbutido: draft.valorLanceEmbutido ?? 0,
          valorFGTS: draft.valorFGTS ?? 0,
        });
        return { simulacao: [
          { label: app.text('lances.campo.credito-liquido'), text: formatMoney(sim.creditoLiquido) },
          { label: app.text('lances.campo.saldo-apos'), text: formatMoney(sim.saldoDevedorApos) },
          { label: app.text('lances.campo.parcelas-apos'), text: String(sim.parcelasRestantesApos) },
        ] };
      } catch (err) {
        if (!(err instanceof UpstreamError) || err.unavailable) throw err;
        return { erroSimulacao: err.upstreamMessage ?? app.text('lances.erro.simulacao') };
      }
    }
    return {};
  }

  async function context(request: FastifyRequest, upstream = request.customerUpstream()) {
    const quota = request.session!.data.quota!;
    const [rules, selected] = await Promise.all([
      bidRules(upstream, quota.idCota),
      selectedQuota(upstream),
    ]);
    const steps = app.flows.steps(WIZARD, { tipo: selected.tipo, opcoes: rules.opcoes.map((o) => o.codigo) });
    const draft = draftOf(request);
    return { upstream, quota, rules, tipo: selected.tipo, steps, draft, refusal: bidRefusal(selected, rules.lanceAberto) };
  }

  const next = (steps: string[], passo: string) => steps[steps.indexOf(passo) + 1] ?? 'summary';
  const url = (passo: string) => `/offers-and-bids?passo=${passo}`;

  app.screens.register('lances-oferta', async (ctx) => {
    const asked = ctx.query.get('passo');
    const early = stepRead(ctx.upstream!, draftOf(ctx.request), asked);
    early.catch(() => undefined); // read below, or left unread when the screen redirects
    const { steps, draft, refusal } = await context(ctx.request, ctx.upstream!);
    if (refusal && !draft.protocolo) return { redirect: '/offers-and-bids-introduction' };
    const passo = asked ?? steps[0]!;
    if (!steps.includes(passo)) return { redirect: url(steps[0]!) };
    if (passo === 'confirmation' && !draft.protocolo) return { redirect: url('summary') };
    const index = steps.indexOf(passo);
    const extra = await early;
    const labels = app.flows.wizard(WIZARD).steps.filter((s) => steps.includes(s.id));
    return {
      passo,
      [`passo_${passo}`]: true,
      etapas: labels.map((s, i) => ({ label: s.label, state: i < index ? 'done' : i === index ? 'current' : 'todo' })),
      anterior: index > 0 && passo !== 'confirmation' ? url(steps[index - 1]!) : '',
      pular: OPTIONAL_STEPS.has(passo) ? url(next(steps, passo)) : '',
      dados: {
        modalidade: draft.modalidade ?? 'LL',
        tipoOferta: draft.tipoOferta ?? 'VL',
        valor: draft.valorOferta ? formatMoney(draft.valorOferta).replace(/^R\$\s/, '') : '',
        valorLanceEmbutido: draft.valorLanceEmbutido ? String(draft.valorLanceEmbutido).replace('.', ',') : '',
        valorFGTS: draft.valorFGTS ? String(draft.valorFGTS).replace('.', ',') : '',
        ...(draft.finalidadeFGTS ? { finalidade: draft.finalidadeFGTS } : {}),
        trocaChaves: draft.trocaChaves ?? false,
        tipoAmortizacao: draft.tipoAmortizacao ?? 'PRAZO',
      },
      resumo: [
        { label: app.text('lances.campo.modalidade'), text: draft.modalidade === 'LF' ? 'Lance fixo' : 'Lance livre' },
        { label: app.text('lances.campo.valor'), text: draft.valorOferta ? formatMoney(draft.valorOferta) : app.text('comum.nao-informado') },
        { label: app.text('lances.campo.embutido'), text: formatMoney(draft.valorLanceEmbutido ?? 0) },
        { label: app.text('lances.campo.fgts'), text: `${formatMoney(draft.valorFGTS ?? 0)} (${formatPercent(fgtsPercentage(draft.valorFGTS ?? 0, draft.valorOferta ?? 0))})` },
        { label: app.text('lances.campo.chaves'), text: draft.trocaChaves ? 'Sim' : 'Não' },
        { label: app.text('lances.campo.reducao'), text: draft.tipoAmortizacao === 'PARCELA' ? 'Reduzir a parcela' : 'Reduzir o prazo' },
      ],
      protocolo: draft.protocolo ?? '',
      ...extra,
    };
  });

  app.actions.register('bids/step', {
    consistency: [
      { fields: ['valorLanceEmbutido'], rule: 'the embedded bid is at most the bid’s value and the credit’s allowed share', message: BID_MESSAGES.notAllowed, by: 'handler' },
      { fields: ['valorLanceEmbutido', 'valorFGTS'], rule: 'the embedded bid plus the FGTS is at most the bid’s value', message: BID_MESSAGES.notAllowed, by: 'handler' },
      { fields: ['valorFGTS', 'trabalho3anos', 'semFinanciamentoSfh', 'finalidade'], rule: 'FGTS is used only with its two conditions confirmed and a purpose chosen', message: '@lances.erro.fgts-condicoes', by: 'handler' },
    ],
    input: StepInput,
    async handler(input, { request }): Promise<ActionResult> {
      const { rules, tipo, steps, draft } = await context(request);
      if (!steps.includes(input.passo)) return { kind: 'navigate', to: url(steps[0]!) };
      const update: Partial<BidDraft> = {};
      if (input.passo === 'type') {
        const limits = limitsOf(rules, input.modalidade);
        let value: number | null;
        if (limits.fixed !== undefined) value = limits.fixed;
        else {
          const typed = input.valor === undefined ? null : readMoney(input.valor);
          value = typed === null ? null : input.tipoOferta === 'PE' ? bidValueFromPercentage(rules.valorBem, typed) : typed;
          if (!blank(input.valor) && typed === null) return { kind: 'field-errors', errors: { valor: app.text('lances.erro.valor') } };
        }
        const problem = bidValueProblem(value, limits);
        if (problem) return { kind: 'field-errors', errors: { valor: problem } };
        Object.assign(update, { modalidade: input.modalidade, tipoOferta: input.tipoOferta, valorOferta: value!, lanceLivreAuto: freeBidAuto(tipo, input.modalidade) });
      } else {
        if (!draft.valorOferta) return { kind: 'navigate', to: url('type') };
        if (input.passo === 'builtin') {
          const problem = embeddedProblem(input.valorLanceEmbutido, draft.valorOferta, rules.valorBem) ?? embeddedPlusFgtsProblem(input.valorLanceEmbutido, draft.valorFGTS ?? 0, draft.valorOferta);
          if (problem) return { kind: 'field-errors', errors: { valorLanceEmbutido: problem } };
          update.valorLanceEmbutido = input.valorLanceEmbutido;
        } else if (input.passo === 'fgts') {
          if (input.valorFGTS > 0 && !(input.trabalho3anos && input.semFinanciamentoSfh && input.finalidade)) {
            return { kind: 'field-errors', errors: {}, message: app.text('lances.erro.fgts-condicoes') };
          }
          const problem = embeddedPlusFgtsProblem(draft.valorLanceEmbutido ?? 0, input.valorFGTS, draft.valorOferta);
          if (problem) return { kind: 'field-errors', errors: { valorFGTS: problem } };
          update.valorFGTS = input.valorFGTS;
          update.finalidadeFGTS = input.valorFGTS > 0 ? input.finalidade : undefined;
        } else if (input.passo === 'keys') update.trocaChaves = input.trocaChaves;
        else update.tipoAmortizacao = input.tipoAmortizacao;
      }
      await app.sessions.patch(request.session!, { bidDraft: { ...draft, ...update, protocolo: undefined } });
      return { kind: 'navigate', to: url(next(steps, input.passo)) };
    },
  });

  app.actions.register('bids/confirm', {
    idempotent: true,
    input: z.object({}).passthrough(),
    // The draft is consumed by its first confirmation: the same offer for the same assembly, from
    // any tab or session of the customer, is one bid (a cancellation opens it again).
    once: {
      draft: 'bidDraft',
      async key(_input, { request, upstream }) {
        const { quota, bidDraft } = request.session!.data;
        if (!quota || bidDraft?.idCota !== quota.idCota || !bidDraft.valorOferta) return null;
        const { protocolo: _protocol, ...offer } = bidDraft;
        const { assembleia } = await bidRules(upstream!, quota.idCota);
        return { subject: bidSubject(quota.idCota), content: { ...offer, assembleia: assembleia.numero } };
      },
    },
    async handler(_input, { request }): Promise<ActionResult> {
      const { upstream, quota, draft } = await context(request);
      if (!draft.valorOferta) return { kind: 'navigate', to: url('type') };
      // A double click or a retried request carries the same idempotency key: one bid.
      const identificador = String(request.headers['idempotency-key'] ?? `${request.session!.id.slice(0, 8)}-${draft.valorOferta}`).slice(0, 64);
      let answer: { protocolo?: string; notificacoes?: Array<{ mensagem?: string; message?: string }> };
      try {
        answer = await upstream.request(bidCalls.offer, {
          params: { id: quota.idCota },
          scope: 'quota',
          json: {
            situacaoOferta: 'A',
            situacaoModalidade: draft.modalidade ?? 'LL',
            valorOferta: draft.valorOferta,
            valorLanceEmbutido: draft.valorLanceEmbutido ?? 0,
            valorFGTS: draft.valorFGTS ?? 0,
            tipoAmortizacao: draft.tipoAmortizacao ?? 'PRAZO',
            trocaChaves: draft.trocaChaves ?? false,
            lanceLivreAuto: draft.lanceLivreAuto ?? false,
            numeroIP: '0.0.0.0',
            formaAcesso: 'SR',
            utilizaAntecipacao: false,
            quantidadeParcelaSubsequente: 0,
            identificador,
          },
        });
      } catch (err) {
        if (err instanceof UpstreamError && !err.unavailable) return { kind: 'error', title: app.text('erro.titulo'), message: err.upstreamMessage ?? app.text('lances.erro.confirmar') };
        throw err;
      }
      if (!answer.protocolo) {
        const first = answer.notificacoes?.[0];
        return { kind: 'error', title: app.text('erro.titulo'), message: first?.mensagem ?? first?.message ?? app.text('lances.erro.confirmar') };
      }
      await app.sessions.patch(request.session!, { bidDraft: { ...draft, protocolo: answer.protocolo } });
      return { kind: 'navigate', to: url('confirmation'), replace: true };
    },
  });

}
