import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { cashBilling } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import { fail, invalid } from '../http.js';
import { NO_PROCESS, serveQuotaProcess } from '../process-route.js';
import { callerQuota } from '../quota-access.js';
import type { SandboxContext } from '../context.js';
import type { QuotaRecord, SandboxState } from '../state/store.js';
import { CASH_CREDIT_CASE } from './cases.js';

/**
 * How long the back office takes to analyse documents, on the sandbox clock (doc 2 §9: document
 * analysis 48 business hours; a company's internal analysis up to 7 business days — calendar
 * days here). Then the registration is approved, or the customer is asked again for the
 * documents it could not read (a file under 1 KiB is unreadable here).
 */
const ANALYSIS_HOURS: Record<string, number> = { BRSCAN_EM_ANDAMENTO: 48, RETORNO_BRSCAN: 48, ANALISE_FATURAMENTO: 7 * 24 };
export const UNREADABLE_BELOW_BYTES = 1024;

/** The CRM phase the back office gives the cash-payment case for a billing status. */
const PHASE_OF_STATUS: Record<string, string> = {
  BRSCAN_EM_ANDAMENTO: 'Triagem em Andamento',
  RETORNO_BRSCAN: 'Triagem em Andamento',
  ANALISE_FATURAMENTO: 'Aguardando Análise Pagamento Espécie',
  CADASTRO_APROVADO: 'Cadastro Aprovado',
  PENDENCIA_CLIENTE: 'Pendência Cliente',
  AGUARDANDO_LIBERACAO: 'Aguardando Liberação',
};

/** The quota's open cash-payment case, if any. */
function billingCaseOf(state: SandboxState, quota: QuotaRecord) {
  const owner = state.customers.get(quota.owner)!;
  return (owner.casos ?? []).find((c) => c.tipo === CASH_CREDIT_CASE && (!c.idExternoCota || c.idExternoCota === String(quota.idCota)) && (c.status === 'EM_ANDAMENTO' || c.status === 'ESCALADO'));
}

/** Moves the billing status, and the case's phase with it, as the back office does. */
export function moveBilling(state: SandboxState, quota: QuotaRecord, status: string, unreadable: string[] = []): void {
  const process = quota.processos!.especie!;
  process.status = status;
  const kase = billingCaseOf(state, quota);
  if (!kase) return;
  if (PHASE_OF_STATUS[status]) kase.fase = PHASE_OF_STATUS[status];
  kase.documentosIlegiveis = unreadable;
}

/**
 * The payment after it is asked, on the sandbox clock: released after 24 hours, sent to the bank
 * 24 hours later. Each move closes the open step of the timeline and opens the next.
 */
const PAYMENT_STEPS: Record<string, { after: number; next: string; descricao: string; final?: true }> = {
  AGUARDANDO_LIBERACAO: { after: 24, next: 'PAGAMENTO_LIBERADO', descricao: 'Pagamento liberado' },
  PAGAMENTO_LIBERADO: { after: 24, next: 'PAGAMENTO_ENVIADO', descricao: 'Pagamento enviado ao banco', final: true },
};

function advancePayment(state: SandboxState, quota: QuotaRecord): void {
  const process = quota.processos!.especie!;
  for (let step = PAYMENT_STEPS[process.status]; step; step = PAYMENT_STEPS[process.status]) {
    const last = process.eventos?.at(-1);
    const since = last ? Date.parse(last.em) : Number.NaN;
    if (!last || state.clock.now() - since < step.after * 3600_000) return;
    last.situacao = 'Concluido';
    const at = new Date(since + step.after * 3600_000).toISOString();
    process.eventos = [...(process.eventos ?? []), { situacao: step.final ? 'Concluido' : 'Aberto', descricao: step.descricao, em: at }];
    moveBilling(state, quota, step.next);
  }
}

/** The status as the back office would have moved it by now: an analysis that has run its time ends; a payment moves on. */
export function currentStatus(state: SandboxState, quota: QuotaRecord): string {
  const process = quota.processos!.especie!;
  advancePayment(state, quota);
  const hours = ANALYSIS_HOURS[process.status];
  if (hours !== undefined && process.analiseDesde !== undefined && state.clock.now() - process.analiseDesde >= hours * 3600_000) {
    const unreadable = process.ilegiveis ?? [];
    delete process.analiseDesde;
    delete process.ilegiveis;
    moveBilling(state, quota, unreadable.length > 0 ? 'PENDENCIA_CLIENTE' : 'CADASTRO_APROVADO', unreadable);
  }
  return process.status;
}

/** The confirmed billing type: set by iniciar; a process that moved past the start has had it confirmed. */
export function billingTypeOf(process: { status: string; tipoFaturamento?: 'ESPECIE' } | undefined): 'ESPECIE' | null {
  if (!process) return null;
  return process.tipoFaturamento ?? (process.status === 'TRATATIVA_NAO_INICIADA' ? null : 'ESPECIE');
}

/**
 * Document analysis of cash billing (doc 2 §7 "Document analysis", files uploaded under category
 * faturamento-especie): the quota's process moves to analysis; the documents it will not be able
 * to read (files under 1 KiB) are named by the description the app gave each file.
 */
const CASH_NEXT_STATUS: Partial<Record<string, string>> = { solicitar: 'BRSCAN_EM_ANDAMENTO', 'solicitar-empresa': 'ANALISE_FATURAMENTO', 'solicitar-reanalise': 'RETORNO_BRSCAN' };
export function startCashAnalysis(state: SandboxState, quota: QuotaRecord, verb: string, files: Array<{ data: Buffer; descricao?: string }>): { status: string } | { refused: string } {
  const next = CASH_NEXT_STATUS[verb];
  if (!quota.processos?.especie || !next) return { refused: NO_PROCESS };
  const unreadable = [...new Set(files.filter((f) => f.data.length < UNREADABLE_BELOW_BYTES).map((f) => f.descricao ?? 'Documento ilegível'))];
  moveBilling(state, quota, next);
  quota.processos.especie.analiseDesde = state.clock.now();
  quota.processos.especie.ilegiveis = unreadable;
  return { status: next };
}

/** The 23 statuses of doc 2 §4.4. */
export const CASH_BILLING_STATUSES = [
  'TRATATIVA_NAO_INICIADA', 'AGUARDANDO_LIBERACAO', 'AGUARDANDO_APROVACAO', 'PENDENCIA_CLIENTE', 'RETORNO_BRSCAN', 'AGUARDANDO_ATUALIZACAO_NEWCON',
  'ANALISE_GRC', 'DOCUMENTO_RECUSADO', 'REANALISE_BRSCAN', 'ATUALIZAR_CADASTRO', 'AGUARDANDO_PAGAMENTO', 'SUSPEITA_FRAUDE', 'DOCUMENTOS_ADICIONAIS_GRC',
  'PRAZO_FINALIZADO', 'BRSCAN_EM_ANDAMENTO', 'CADASTRO_APROVADO', 'PAGAMENTO_ENVIADO', 'PAGAMENTO_LIBERADO', 'ANALISE_FATURAMENTO', 'PAGAMENTO_ESTORNADO',
  'REPROCESSAR_PAGAMENTO', 'REPROCESSAMENTO_MANUAL', 'PAGAMENTO_REPROCESSADO',
] as const;

const BANKS = [
  { codigo: '001', nome: 'Banco do Brasil' },
  { codigo: '033', nome: 'Santander' },
  { codigo: '104', nome: 'Caixa Econômica Federal' },
  { codigo: '237', nome: 'Bradesco' },
  { codigo: '260', nome: 'Nu Pagamentos' },
  { codigo: '341', nome: 'Itaú Unibanco' },
];

const BankData = z.object({
  banco: z.enum(BANKS.map((b) => b.codigo) as [string, ...string[]]),
  agencia: z.string().regex(/^\d{4}$/),
  digitoAgencia: z.string().regex(/^\d?$/).optional(),
  conta: z.string().regex(/^\d{3,12}$/),
  tipoConta: z.enum(['CORRENTE', 'POUPANCA']),
  titularDocumento: z.string().min(11),
});

/**
 * Cash-credit billing (doc 2 §7 "Cash credit"): validar (may the quota bill, requirements),
 * iniciar (a real-estate or service quota, no FGTS), atualizar (bank data, the term), and
 * solicitar-pagamento; cotas/{id}/bancos/consultar lists the banks. Only real-estate and service
 * quotas bill in cash.
 */
export default async function cashBillingRoutes(app: FastifyInstance, { state }: SandboxContext) {
  const quotaOf = (request: FastifyRequest, reply: FastifyReply) => callerQuota(state, request, reply);

  const now = () => new Date(state.clock.now()).toISOString();

  serve(app, cashBilling.check, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    const others = state.quotasOf(quota.owner).filter((q) => q.idCota !== quota.idCota && q.parcelasAtraso > 0);
    const requisitos = { periodoAniversario: true, pagamentoTerceiro: false, outrasCotasEmAtraso: others.length > 0 };
    const tipoPermitido = quota.tipo === 'imovel' || quota.tipo === 'servico';
    const usaFgts = quota.lanceComFgts === true;
    const restricao = quota.codigoRestricao === undefined ? null : { codigoRetorno: quota.codigoRestricao, mensagem: 'CPF/CNPJ com restrição cadastral.' };
    return {
      podeFaturar: tipoPermitido && !usaFgts && !restricao && quota.contempladaHaDias !== undefined && !requisitos.outrasCotasEmAtraso,
      tipoPermitido,
      usaFgts,
      restricao,
      tipoFaturamento: billingTypeOf(quota.processos?.especie),
      requisitos,
    };
  });

  // Starting confirms the billing type (cash): it cannot change afterwards. The CRM case is opened
  // by the app (salesforce/casos), not here.
  serve(app, cashBilling.start, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    if (!cashBilling.start.body!.safeParse(request.body).success) return invalid(reply, 'idCota e tipoFaturamento (ESPECIE) são obrigatórios.');
    if (quota.tipo !== 'imovel' && quota.tipo !== 'servico') return fail(reply, 400, 'Somente cotas de imóvel ou serviço faturam em espécie.');
    if (quota.lanceComFgts) return fail(reply, 400, 'Cotas contempladas com uso do FGTS não podem receber o crédito em espécie.');
    if (quota.codigoRestricao !== undefined) return reply.code(400).send({ codigoRetorno: quota.codigoRestricao, message: 'CPF/CNPJ com restrição cadastral.' });
    // A contemplated quota without a process yet gets one at its start.
    if (!quota.processos?.especie && quota.contempladaHaDias !== undefined) quota.processos = { ...quota.processos, especie: { status: 'TRATATIVA_NAO_INICIADA', possuiCaso: false } };
    const process = quota.processos?.especie;
    if (!process || billingTypeOf(process)) return fail(reply, 400, 'O faturamento em espécie já foi iniciado.');
    process.tipoFaturamento = 'ESPECIE';
    process.status = 'CADASTRO_APROVADO';
    return { status: process.status, tipoFaturamento: process.tipoFaturamento };
  });

  serveQuotaProcess(app, cashBilling.update, quotaOf, (quota) => quota.processos?.especie, async (quota, process, request, reply) => {
    const body = z.object({ idCota: z.number().int(), dadosBancarios: BankData.optional(), aceiteTermo: z.literal(true).optional(), cadastroAtualizado: z.literal(true).optional() }).safeParse(request.body);
    if (!body.success) return invalid(reply, 'Dados bancários inválidos.');
    const owner = state.customers.get(quota.owner)!;
    if (body.data.dadosBancarios) {
      // After the term only a reversed payment reopens the bank data (doc 2 §8: redo the step).
      if (process.termoAceitoEm && process.status !== 'PAGAMENTO_ESTORNADO') return fail(reply, 400, 'O termo de autorização já foi aceito: os dados bancários não podem mais ser alterados.');
      if (body.data.dadosBancarios.titularDocumento.replace(/\W/g, '').toUpperCase() !== owner.document) return fail(reply, 400, 'A conta deve estar no CPF/CNPJ do titular da cota.');
      process.dadosBancarios = body.data.dadosBancarios;
    }
    // The customer updated the registration the analyst asked for: the analysis runs again.
    if (body.data.cadastroAtualizado) {
      if (process.status !== 'ATUALIZAR_CADASTRO') return fail(reply, 400, 'Não há ajuste cadastral pendente.');
      process.status = 'BRSCAN_EM_ANDAMENTO';
      process.analiseDesde = state.clock.now();
    }
    if (body.data.aceiteTermo) {
      if (!process.dadosBancarios) return fail(reply, 400, 'Informe os dados bancários antes de aceitar o termo.');
      process.termoAceitoEm ??= now();
    }
    return { status: process.status, dadosBancarios: process.dadosBancarios ?? null, termoAceitoEm: process.termoAceitoEm ?? null };
  });

  serve(app, cashBilling.requestPayment, async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    const process = quota.processos?.especie;
    if (!process?.dadosBancarios || !process.termoAceitoEm) return fail(reply, 400, 'Aceite o termo de autorização antes de solicitar o pagamento.');
    if (process.status === 'CADASTRO_APROVADO' || process.status === 'PAGAMENTO_ESTORNADO') {
      process.status = 'AGUARDANDO_LIBERACAO';
      process.eventos = [...(process.eventos ?? []), { situacao: 'Aberto', descricao: 'Pagamento solicitado', em: now() }];
    }
    return { status: process.status };
  });

  serve(app, cashBilling.banks, async () => ({ data: BANKS }));
}
