import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AWARDED_STATUSES, awarded, type AwardedFlowData } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import type { SandboxContext } from '../context.js';
import { fail, invalid, notFound } from '../http.js';
import { callerQuota } from '../quota-access.js';
import type { AwardedProcess } from '../state/portfolio.js';
import type { QuotaRecord, SandboxState } from '../state/store.js';
import { UNREADABLE_BELOW_BYTES } from './cash-billing.js';

/** The CRM case type of the awarded flow (document analysis consultancy). */
export const AWARDED_CASE = 'Consultoria de Análise de Documentos';
/** Identity match acceptance threshold (doc 2 §5): a selfie matching its document below it is refused. */
export const IDENTITY_MATCH_THRESHOLD = 0.35;
/** Identity match of a persona nobody set: a clear match. */
const DEFAULT_IDENTITY_MATCH = 0.92;

/**
 * How the back office moves the analysis, on the sandbox clock: screening for 24 hours, internal
 * analysis for 24 more (48 business hours in all, doc 2 §9), then the result: pending with the
 * unreadable documents named, refused when the identity match is under 0.35, else approved with
 * the credit sieve run.
 */
const STEP_HOURS = 24;
const NEXT: Record<string, string> = { TRIAGEM_EM_ANDAMENTO: 'AGUARDANDO_ANALISE_INTERNA', RETORNO_CLIENTE_REANALISE: 'AGUARDANDO_REANALISE_INTERNA' };
const RESULT_FROM = ['AGUARDANDO_ANALISE_INTERNA', 'AGUARDANDO_REANALISE_INTERNA'];

/** The CRM phase of the awarded case for each status. */
export const PHASE_OF_AWARDED_STATUS: Record<string, string> = {
  NAO_INICIADO: 'Tratativa não Iniciada',
  TRIAGEM_EM_ANDAMENTO: 'Triagem em Andamento',
  AGUARDANDO_ANALISE_INTERNA: 'Aguardando Análise Interna',
  AGUARDANDO_REANALISE_INTERNA: 'Aguardando Reanálise Interna',
  RETORNO_CLIENTE_REANALISE: 'Retorno Cliente Reanálise',
  CADASTRO_APROVADO: 'Cadastro Aprovado',
  CADASTRO_APROVADO_COMITE: 'Cadastro Aprovado Comitê',
  CADASTRO_NAO_APROVADO: 'Cadastro não Aprovado',
  CADASTRO_REPROVADO: 'Cadastro Reprovado',
  CADASTRO_REPROVADO_COMITE: 'Cadastro Reprovado Comitê',
  PENDENCIA_CLIENTE: 'Pendência Cliente',
  PRAZO_FINALIZADO: 'Prazo Finalizado',
  PENDENCIA_CLIENTE_REANALISE: 'Pendência Cliente Reanálise',
  CASO_EXPIRADO: 'Caso Expirado',
};

function awardedCaseOf(state: SandboxState, quota: QuotaRecord) {
  const owner = state.customers.get(quota.owner)!;
  return (owner.casos ?? []).find((c) => c.tipo === AWARDED_CASE && (!c.idExternoCota || c.idExternoCota === String(quota.idCota)) && (c.status === 'EM_ANDAMENTO' || c.status === 'ESCALADO'));
}

/** Moves the awarded status, and the case's phase with it (and the documents it names as unreadable). */
export function moveAwarded(state: SandboxState, quota: QuotaRecord, status: string, unreadable: string[] = []): void {
  const process = quota.processos!.contemplacao!;
  process.status = status;
  if (status === 'CADASTRO_APROVADO' || status === 'CADASTRO_APROVADO_COMITE') process.crivo ??= { codigo: `CR${quota.idCota}`, decisao: 'APROVADO', status: 'CONCLUIDO', valorAprovado: quota.valorBem };
  if (status.startsWith('CADASTRO_REPROVADO') || status === 'CADASTRO_NAO_APROVADO') process.motivo ??= 'A análise facial e documental não confirmou a sua identidade.';
  const kase = awardedCaseOf(state, quota);
  if (!kase) return;
  kase.fase = PHASE_OF_AWARDED_STATUS[status] ?? kase.fase;
  kase.documentosIlegiveis = unreadable;
}

/** The status as the back office would have moved it by now. */
export function currentAwardedStatus(state: SandboxState, quota: QuotaRecord): string {
  const process = quota.processos!.contemplacao!;
  for (;;) {
    const since = process.analiseDesde;
    if (since === undefined || state.clock.now() - since < STEP_HOURS * 3600_000) return process.status;
    if (NEXT[process.status]) {
      moveAwarded(state, quota, NEXT[process.status]!);
      process.analiseDesde = since + STEP_HOURS * 3600_000;
      continue;
    }
    if (!RESULT_FROM.includes(process.status)) return process.status;
    const unreadable = process.ilegiveis ?? [];
    delete process.analiseDesde;
    delete process.ilegiveis;
    if (unreadable.length > 0) moveAwarded(state, quota, 'PENDENCIA_CLIENTE', unreadable);
    else if ((process.identidade ?? DEFAULT_IDENTITY_MATCH) < IDENTITY_MATCH_THRESHOLD) moveAwarded(state, quota, 'CADASTRO_REPROVADO');
    else moveAwarded(state, quota, 'CADASTRO_APROVADO');
    return process.status;
  }
}

/**
 * Document analysis of the awarded flow (files uploaded under category contemplacao): a first
 * sending goes to screening, a resend or extra documents to the client-return reanalysis.
 */
export function startAwardedAnalysis(state: SandboxState, quota: QuotaRecord, verb: string, files: Array<{ data: Buffer; descricao?: string }>): { status: string } | { refused: string } {
  const process = quota.processos?.contemplacao;
  if (!process) return { refused: 'sua cota não possui processos' };
  currentAwardedStatus(state, quota);
  if (!['NAO_INICIADO', 'PENDENCIA_CLIENTE', 'PENDENCIA_CLIENTE_REANALISE'].includes(process.status)) return { refused: 'Os documentos já estão em análise.' };
  const next = verb === 'solicitar-reanalise' ? 'RETORNO_CLIENTE_REANALISE' : 'TRIAGEM_EM_ANDAMENTO';
  moveAwarded(state, quota, next);
  process.analiseDesde = state.clock.now();
  process.ilegiveis = [...new Set(files.filter((f) => f.data.length < UNREADABLE_BELOW_BYTES).map((f) => f.descricao ?? 'Documento ilegível'))];
  return { status: next };
}

const OFFER_RULES: Record<string, string> = { '001': 'Lance livre', '002': 'Lance fixo', '003': 'Troca de chaves' };

/**
 * The awarded flow (core/contemplacao, doc 2 §2.2, §4.3): status, draw and offer conditions,
 * offer confirmation (once), verification results with the restriction, guarantee and heavy type,
 * restart of an expired document deadline.
 */
export default async function awardedRoutes(app: FastifyInstance, { state }: SandboxContext) {
  function quotaOf(request: FastifyRequest, reply: FastifyReply): (QuotaRecord & { processos: { contemplacao: AwardedProcess } }) | null {
    const quota = callerQuota(state, request, reply, (request.query as { idCota?: string }).idCota ?? (request.body as { idCota?: unknown } | undefined)?.idCota);
    if (!quota) return null;
    if (!quota.processos?.contemplacao) {
      void notFound(reply, 'sua cota não possui processos');
      return null;
    }
    return quota as QuotaRecord & { processos: { contemplacao: AwardedProcess } };
  }

  const dataOf = (quota: QuotaRecord & { processos: { contemplacao: AwardedProcess } }): AwardedFlowData => {
    const p = quota.processos.contemplacao;
    const status = currentAwardedStatus(state, quota);
    return {
      status: status as AwardedFlowData['status'],
      modalidadeContemplacao: quota.modalidadeContemplacao ?? null,
      dataContemplacao: quota.contempladaHaDias === undefined ? null : state.clock.day(-quota.contempladaHaDias),
      termoAceitoEm: p.termoAceitoEm ?? null,
      garantia: p.garantia ?? null,
      tipoPesado: p.tipoPesado ?? null,
      prazoDocumentos: p.prazoDocumentosEmDias === undefined ? null : state.clock.day(p.prazoDocumentosEmDias),
      crivo: p.crivo ?? null,
      motivo: p.motivo ?? null,
    };
  };

  serve(app, awarded.status, async (request, reply) => {
    const quota = quotaOf(request, reply);
    return quota ? dataOf(quota) : reply;
  });

  serve(app, awarded.conditions, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    return {
      modalidadeContemplacao: quota.modalidadeContemplacao ?? null,
      dataContemplacao: quota.contempladaHaDias === undefined ? null : state.clock.day(-quota.contempladaHaDias),
      assembleia: quota.assembleiaAtual,
      valorCredito: quota.valorBem,
      valorSaldoDevedor: quota.valorSaldoDevedor,
      regrasOferta: (quota.opcoesLance ?? ['001']).map((codigo) => ({ codigo, descricao: OFFER_RULES[codigo] ?? `Opção ${codigo}` })),
      condicoes: [
        'O crédito será liberado após a análise documental e cadastral.',
        'As parcelas continuam sendo pagas normalmente até a liberação do crédito.',
        'O bem será dado em garantia (alienação fiduciária) até a quitação da cota.',
      ],
    };
  });

  serve(app, awarded.confirmOffer, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    if (!awarded.confirmOffer.body!.safeParse(request.body).success) return invalid(reply, 'idCota e aceite são obrigatórios.');
    // Confirmed once: a second confirmation keeps the first date (the terms are locked).
    quota.processos.contemplacao.termoAceitoEm ??= new Date(state.clock.now()).toISOString();
    quota.processos.contemplacao.prazoDocumentosEmDias ??= 30;
    return dataOf(quota);
  });

  serve(app, awarded.verification, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    const restricted = quota.codigoRestricao !== undefined;
    return {
      itens: [
        { descricao: 'Dados cadastrais', aprovado: true },
        { descricao: 'Situação do CPF/CNPJ', aprovado: !restricted },
        { descricao: 'Parcelas em dia', aprovado: quota.parcelasAtraso === 0 },
      ],
      restricao: restricted ? { codigoRetorno: quota.codigoRestricao!, mensagem: 'CPF/CNPJ com restrição cadastral.' } : null,
    };
  });

  serve(app, awarded.restriction, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    return { restricao: quota.codigoRestricao === undefined ? null : { codigoRetorno: quota.codigoRestricao, mensagem: 'CPF/CNPJ com restrição cadastral.' } };
  });

  serve(app, awarded.update, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    const body = awarded.update.body!.safeParse(request.body);
    if (!body.success) return invalid(reply, 'Dados inválidos.');
    if (!quota.processos.contemplacao.termoAceitoEm) return fail(reply, 400, 'Confirme a oferta antes de continuar.');
    if (body.data.tipoPesado && quota.tipo !== 'pesados') return fail(reply, 400, 'Somente cotas de pesados informam o tipo de veículo.');
    if (body.data.garantia) quota.processos.contemplacao.garantia = body.data.garantia;
    if (body.data.tipoPesado) quota.processos.contemplacao.tipoPesado = body.data.tipoPesado;
    return dataOf(quota);
  });

  serve(app, awarded.restart, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    if (currentAwardedStatus(state, quota) !== 'PRAZO_FINALIZADO') return fail(reply, 400, 'O prazo de envio dos documentos não terminou.');
    quota.processos.contemplacao.prazoDocumentosEmDias = 30;
    moveAwarded(state, quota, 'PENDENCIA_CLIENTE');
    return dataOf(quota);
  });
}

/**
 * Control (under /__sandbox): sets any awarded status for a persona's first contemplated quota,
 * optionally the documents found unreadable and the identity match, for tests and demos.
 */
export async function awardedControlRoutes(app: FastifyInstance, { state }: SandboxContext) {
  const Body = z.object({ status: z.enum(AWARDED_STATUSES).optional(), ilegiveis: z.array(z.string().min(1)).max(20).optional(), identidade: z.number().min(0).max(1).optional() }).strict();
  app.put('/customers/:persona/contemplacao', async (request, reply) => {
    const body = Body.safeParse(request.body);
    const persona = (request.params as { persona: string }).persona;
    const quota = state.quotasOf(persona).find((q) => q.contempladaHaDias !== undefined);
    if (!body.success || !quota) return reply.code(400).send({ message: 'Persona, status ou dados inválidos.' });
    quota.processos = { ...quota.processos, contemplacao: { status: 'NAO_INICIADO', ...quota.processos?.contemplacao } };
    const process = quota.processos.contemplacao!;
    if (body.data.identidade !== undefined) process.identidade = body.data.identidade;
    if (body.data.status) {
      delete process.analiseDesde;
      if (body.data.status !== 'NAO_INICIADO') process.termoAceitoEm ??= new Date(state.clock.now()).toISOString();
      moveAwarded(state, quota, body.data.status, body.data.ilegiveis ?? []);
    }
    return { idCota: quota.idCota, ...process };
  });
}
