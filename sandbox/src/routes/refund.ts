import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import dayjs from 'dayjs';
import { refund, type RefundTimelineStep } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import { fail, invalid, notFound } from '../http.js';
import { NO_PROCESS, serveQuotaProcess } from '../process-route.js';
import { callerQuota } from '../quota-access.js';
import type { SandboxContext } from '../context.js';
import { BRAZIL_TZ } from '../clock.js';
import { refundValuesOf, type IdentityOutcome, type RefundProcess } from '../state/refund.js';
import type { QuotaRecord, SandboxState } from '../state/store.js';

export const REFUND_MESSAGES = {
  notAllowed: 'A situação da cota não permite a devolução.',
  inProgress: 'Já existe uma solicitação de devolução em andamento para esta cota.',
  owner: 'A conta deve estar no CPF/CNPJ do titular da cota.',
  date: 'Data de devolução inválida.',
};

/** Documents the analysis needs before it starts: a person's, and a company's with its representative partner's (doc 2 §3.7). */
export const REFUND_REQUIRED_DOCUMENTS = {
  F: ['documentoPessoal', 'documentosBancarios', 'selfie'],
  J: ['contratoSocial', 'extratoBancario', 'documentoSocio', 'selfieSocio'],
} as const;

/** Statuses in which the refund has not started yet (iniciar may run). */
const NOT_STARTED = new Set<string | null>([null, 'NAO_INICIADO', 'PRAZO_FINALIZADO']);
const APPROVED = new Set(['DOCUMENTO_APROVADO', 'PARECER_GRC', 'CADASTRO_APROVADO']);
const ANALYSIS = new Set(['BRSCAN_EM_ANDAMENTO', 'RETORNO_BRSCAN', 'ANALISE_GRC', 'OPERACOES', 'SUSPEITA_FRAUDE']);
/** Document analysis takes 48 hours on the sandbox clock (doc 2 §9: document analysis 48 business hours). */
const ANALYSIS_HOURS = 48;
const HOUR = 3600_000;
const UNREADABLE_BELOW_BYTES = 1024;

const BANKS = [
  { codigo: '001', nome: 'Banco do Brasil' },
  { codigo: '033', nome: 'Santander' },
  { codigo: '077', nome: 'Banco Inter' },
  { codigo: '104', nome: 'Caixa Econômica Federal' },
  { codigo: '237', nome: 'Bradesco' },
  { codigo: '260', nome: 'Nu Pagamentos' },
  { codigo: '341', nome: 'Itaú Unibanco' },
  { codigo: '756', nome: 'Sicoob' },
];

/** Refund only for a cancelled-and-contemplated quota or a quota in a closed group (doc 2 §4.6). */
export function refundAllowed(quota: QuotaRecord): boolean {
  return (quota.situacaoCota === 'CANCELADO' && quota.contempladaHaDias !== undefined) || quota.statusGrupo === 'ENCERRADO';
}

const isClosure = (quota: QuotaRecord) => quota.statusGrupo === 'ENCERRADO';

/** What the analysis answers, and the status it leaves the refund in. */
const OUTCOMES: Record<IdentityOutcome, { status: string; resposta?: string; recusados?: string[] }> = {
  APROVADO: { status: 'DOCUMENTO_APROVADO' },
  REPROVADO: { status: 'REANALISE', resposta: 'A selfie não confere com o documento de identificação. Envie uma nova selfie.', recusados: ['Selfie'] },
  CRIVO_REPROVADO: { status: 'DOCUMENTO_RECUSADO', resposta: 'A solicitação não foi aprovada na análise de crédito (crivo).' },
  ENCAMINHADO_FILIAL: { status: 'DOCUMENTO_RECUSADO', resposta: 'Não foi possível confirmar sua identidade pelo app.' },
};

/** The start of a DD/MM/YYYY day in Brasília, epoch ms (NaN when not such a day). */
function dayStart(ddmmyyyy: string): number {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(ddmmyyyy);
  if (!m) return Number.NaN;
  const d = dayjs.tz(`${m[3]}-${m[2]}-${m[1]}T00:00:00`, BRAZIL_TZ);
  return d.isValid() && d.format('DD/MM/YYYY') === ddmmyyyy ? d.valueOf() : Number.NaN;
}

/**
 * The payment after it is programmed, on the sandbox clock: awaiting release 24 hours later,
 * awaiting payment (the analyst's approval) 24 hours after that, sent on the refund date, the
 * request finished 24 hours later. Each move closes the open step and opens the next.
 */
const PAYMENT_STEPS: Record<string, { next: RefundTimelineStep['etapa']; at: (p: RefundProcess, since: number) => number }> = {
  AGUARDANDO_ATUALIZACAO_CADASTRO: { next: 'AGUARDANDO_LIBERACAO', at: (_p, since) => since + 24 * HOUR },
  AGUARDANDO_LIBERACAO: { next: 'AGUARDANDO_PAGAMENTO', at: (_p, since) => since + 24 * HOUR },
  AGUARDANDO_PAGAMENTO: { next: 'PAGAMENTO_ENVIADO', at: (p, since) => Math.max(since + 24 * HOUR, dayStart(p.dataDevolucao ?? '')) },
  PAGAMENTO_ENVIADO: { next: 'SOLICITACAO_FINALIZADA', at: (_p, since) => since + 24 * HOUR },
};

/** Moves the refund as the back office would have by now (analysis ends; the payment moves on). */
export function advanceRefund(state: SandboxState, process: RefundProcess): void {
  const now = state.clock.now();
  if (process.status && ANALYSIS.has(process.status) && process.analiseDesde !== undefined && now - process.analiseDesde >= ANALYSIS_HOURS * HOUR) {
    const unreadable = process.ilegiveis ?? [];
    delete process.analiseDesde;
    delete process.ilegiveis;
    if (unreadable.length > 0) {
      process.status = 'PENDENCIA_CLIENTE';
      process.documentosRecusados = unreadable;
      process.respostaAnalista = 'Não conseguimos ler alguns documentos. Envie-os novamente.';
    } else {
      const outcome = process.proximaAnalise ?? 'APROVADO';
      delete process.proximaAnalise;
      const o = OUTCOMES[outcome];
      process.status = o.status;
      process.analiseIdentidade = outcome;
      process.documentosRecusados = o.recusados ?? [];
      if (o.resposta) process.respostaAnalista = o.resposta;
      else delete process.respostaAnalista;
    }
  }
  if (process.estornado) return;
  for (let step = PAYMENT_STEPS[process.status ?? '']; step; step = PAYMENT_STEPS[process.status ?? '']) {
    const timeline = process.timelinePagamento ?? [];
    const last = timeline.at(-1);
    const since = last ? Date.parse(last.em) : (process.programadoEm ?? Number.NaN);
    const at = step.at(process, since);
    if (Number.isNaN(at) || now < at) return;
    if (last) last.situacao = 'Concluido';
    const final = step.next === 'SOLICITACAO_FINALIZADA';
    process.timelinePagamento = [...timeline, { etapa: step.next, situacao: final ? 'Concluido' : 'Aberto', em: new Date(at).toISOString() }];
    process.status = step.next;
    // Once sent, nothing remains available (values that remain after it mean the bank returned it).
    if (step.next === 'PAGAMENTO_ENVIADO' || final) process.pago = true;
  }
}

/** The bank returned the payment: the sent step is an error and the values remain (doc 2 §4.6, §8). */
export function reversePayment(state: SandboxState, process: RefundProcess): void {
  const timeline = (process.timelinePagamento ?? []).filter((s) => s.etapa !== 'SOLICITACAO_FINALIZADA');
  const sent = timeline.find((s) => s.etapa === 'PAGAMENTO_ENVIADO');
  if (sent) sent.situacao = 'Erro';
  else timeline.push({ etapa: 'PAGAMENTO_ENVIADO', situacao: 'Erro', em: new Date(state.clock.now()).toISOString() });
  process.timelinePagamento = timeline;
  process.status = 'PAGAMENTO_ENVIADO';
  process.estornado = true;
  process.pago = false;
}

/**
 * The refund's document analysis (antifraude/analise-documento/*, files of upload category
 * `devolucao`, the documents they are named in `documentos`): recorded; the analysis starts once
 * every document the customer owes is in (a company's after its partner's), or at once for a resend.
 */
export function startRefundAnalysis(state: SandboxState, quota: QuotaRecord, verb: string, files: Array<{ data: Buffer; descricao?: string }>, body: { documentos?: unknown }): { status: string } | { refused: string } {
  const process = quota.processos?.devolucao;
  if (!process) return { refused: NO_PROCESS };
  advanceRefund(state, process);
  const documentos = Array.isArray(body.documentos) ? body.documentos.filter((d): d is string => typeof d === 'string') : [];
  if (!process.iniciada || documentos.length === 0) return { refused: NO_PROCESS };
  const unreadable = files.filter((f) => f.data.length < UNREADABLE_BELOW_BYTES).map((f) => f.descricao ?? 'Documento ilegível');
  process.ilegiveis = [...new Set([...(process.ilegiveis ?? []), ...unreadable])];
  process.documentosEnviados = [...new Set([...(process.documentosEnviados ?? []), ...documentos])];
  const kind = state.customers.get(quota.owner)!.tipoPessoa;
  const complete = REFUND_REQUIRED_DOCUMENTS[kind].every((d) => process.documentosEnviados!.includes(d));
  if (verb === 'solicitar-reanalise' || complete) {
    process.status = verb === 'solicitar-reanalise' ? 'RETORNO_BRSCAN' : kind === 'J' ? 'ANALISE_GRC' : 'BRSCAN_EM_ANDAMENTO';
    process.analiseDesde = state.clock.now();
    process.documentosRecusados = [];
    delete process.respostaAnalista;
  }
  return { status: process.status ?? 'NAO_INICIADO' };
}

/**
 * Refund (doc 2 §7 "Refund"): values available, status, start, refund date, the payment request
 * (bank data, then the programmed date), the values to return of a cancelled quota or of a closed
 * group, and the banks. The refund moves on the sandbox clock (advanceRefund).
 */
export default async function refundRoutes(app: FastifyInstance, { state }: SandboxContext) {
  const quotaOf = (request: FastifyRequest, reply: FastifyReply) => callerQuota(state, request, reply);

  const processOf = (quota: QuotaRecord) => {
    const process = quota.processos?.devolucao;
    if (process) advanceRefund(state, process);
    return process;
  };

  serve(app, refund.available, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    if (!refundAllowed(quota)) return fail(reply, 400, REFUND_MESSAGES.notAllowed);
    const values = refundValuesOf(quota, processOf(quota));
    return { possuiValores: values.valorDisponivel > 0, valorDisponivel: values.valorDisponivel, cancelamento: !isClosure(quota) };
  });

  serveQuotaProcess(app, refund.status, quotaOf, processOf, async (quota, process) => {
    const values = refundValuesOf(quota, process);
    return {
      status: process.status,
      fase: process.status,
      cancelamento: !isClosure(quota),
      possuiValores: values.valorDisponivel > 0,
      valorDisponivel: values.valorDisponivel,
      respostaAnalista: process.respostaAnalista ?? null,
      iniciada: process.iniciada === true || !NOT_STARTED.has(process.status),
      dadosBancarios: process.dadosBancarios ?? null,
      documentosEnviados: process.documentosEnviados ?? [],
      documentosRecusados: process.documentosRecusados ?? [],
      analiseIdentidade: process.analiseIdentidade ?? null,
      dataDevolucao: process.dataDevolucao ?? null,
      timelinePagamento: process.timelinePagamento ?? [],
    };
  });

  serve(app, refund.start, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    if (!refundAllowed(quota)) return fail(reply, 400, REFUND_MESSAGES.notAllowed);
    quota.processos = { ...quota.processos, devolucao: quota.processos?.devolucao ?? { status: null } };
    const process = processOf(quota)!;
    if (!NOT_STARTED.has(process.status)) return fail(reply, 400, REFUND_MESSAGES.inProgress);
    process.iniciada = true;
    process.status = 'NAO_INICIADO';
    return { status: process.status, iniciada: true as const };
  });

  serveQuotaProcess(app, refund.date, quotaOf, processOf, async (quota, process) => {
    return { dataDevolucao: process.dataDevolucao ?? null, prazoDiasUteis: isClosure(quota) ? 10 : 5 };
  });

  serveQuotaProcess(app, refund.requestPayment, quotaOf, processOf, async (quota, process, request, reply) => {
    const body = refund.requestPayment.body!.safeParse(request.body);
    if (!body.success || (!body.data.dadosBancarios && !body.data.dataDevolucao)) return invalid(reply, 'Informe os dados bancários ou a data de devolução.');
    const owner = state.customers.get(quota.owner)!;
    const reversed = process.status === 'PAGAMENTO_ESTORNADO' || process.estornado === true;
    if (body.data.dadosBancarios) {
      if (body.data.dadosBancarios.titularDocumento.replace(/\W/g, '').toUpperCase() !== owner.document) return fail(reply, 400, REFUND_MESSAGES.owner);
      if (!process.iniciada && !reversed) return fail(reply, 400, 'Inicie a devolução antes de informar os dados bancários.');
      process.dadosBancarios = body.data.dadosBancarios;
      // Redoing a reversed payment: the documents stay approved; the payment is programmed again.
      if (reversed) {
        process.status = 'DOCUMENTO_APROVADO';
        process.estornado = false;
        delete process.dataDevolucao;
      }
    }
    if (body.data.dataDevolucao) {
      if (!process.status || !APPROVED.has(process.status) || !process.dadosBancarios) return fail(reply, 400, 'A devolução ainda não pode ser programada.');
      const at = dayStart(body.data.dataDevolucao);
      if (Number.isNaN(at) || at < dayStart(dayjs(state.clock.now()).tz(BRAZIL_TZ).add(1, 'day').format('DD/MM/YYYY'))) return fail(reply, 400, REFUND_MESSAGES.date);
      process.dataDevolucao = body.data.dataDevolucao;
      process.status = 'AGUARDANDO_ATUALIZACAO_CADASTRO';
      process.programadoEm = state.clock.now();
      process.timelinePagamento = [];
    }
    return { status: process.status, dataDevolucao: process.dataDevolucao ?? null };
  });

  serve(app, refund.cancelledValues, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    if (!refundAllowed(quota) || isClosure(quota)) return notFound(reply, 'Cota sem valores de cancelamento a devolver.');
    return refundValuesOf(quota, processOf(quota));
  });

  serve(app, refund.closureValues, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    if (!isClosure(quota)) return notFound(reply, 'Grupo não encerrado.');
    return { ...refundValuesOf(quota, processOf(quota)), dadosContemplacao: { dataEncerramento: state.clock.day(-30), ultimaAssembleia: quota.assembleiaAtual } };
  });

  serve(app, refund.banks, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    return { data: BANKS };
  });
}
