import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fail, grantOf, invalid, notFound } from '../http.js';
import type { SandboxContext } from '../context.js';
import type { QuotaRecord } from '../state/store.js';

/**
 * How long the back office takes to analyse documents, on the sandbox clock (doc 2 §9: document
 * analysis 48 business hours; a company's internal analysis up to 7 business days — calendar
 * days here). Then the registration is approved and the customer goes on to the bank data.
 */
const ANALYSIS_HOURS: Record<string, number> = { BRSCAN_EM_ANDAMENTO: 48, RETORNO_BRSCAN: 48, ANALISE_FATURAMENTO: 7 * 24 };

/** The status as the back office would have moved it by now: an analysis that has run its time is approved. */
export function currentStatus(process: { status: string; analiseDesde?: number }, now: number): string {
  const hours = ANALYSIS_HOURS[process.status];
  if (hours !== undefined && process.analiseDesde !== undefined && now - process.analiseDesde >= hours * 3600_000) {
    process.status = 'CADASTRO_APROVADO';
    delete process.analiseDesde;
  }
  return process.status;
}

/** The confirmed billing type: set by iniciar; a process that moved past the start has had it confirmed. */
export function billingTypeOf(process: { status: string; tipoFaturamento?: 'ESPECIE' } | undefined): 'ESPECIE' | null {
  if (!process) return null;
  return process.tipoFaturamento ?? (process.status === 'TRATATIVA_NAO_INICIADA' ? null : 'ESPECIE');
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
  function quotaOf(request: FastifyRequest, reply: FastifyReply): QuotaRecord | null {
    const id = Number((request.query as { idCota?: string }).idCota ?? (request.body as { idCota?: unknown } | undefined)?.idCota);
    const quota = state.quotas.get(id);
    if (!quota || quota.owner !== grantOf(request).customer) {
      void notFound(reply, 'Cota não encontrada.');
      return null;
    }
    return quota;
  }

  const now = () => new Date(state.clock.now()).toISOString();

  app.get('/core/faturamento-credito/validar', async (request, reply) => {
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
  const Start = z.object({ idCota: z.number().int(), tipoFaturamento: z.literal('ESPECIE') });
  app.post('/core/faturamento-credito/iniciar', async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    if (!Start.safeParse(request.body).success) return invalid(reply, 'idCota e tipoFaturamento (ESPECIE) são obrigatórios.');
    if (quota.tipo !== 'imovel' && quota.tipo !== 'servico') return fail(reply, 400, 'Somente cotas de imóvel ou serviço faturam em espécie.');
    if (quota.lanceComFgts) return fail(reply, 400, 'Cotas contempladas com uso do FGTS não podem receber o crédito em espécie.');
    if (quota.codigoRestricao !== undefined) return reply.code(400).send({ codigoRetorno: quota.codigoRestricao, message: 'CPF/CNPJ com restrição cadastral.' });
    const process = quota.processos?.especie;
    if (!process || billingTypeOf(process)) return fail(reply, 400, 'O faturamento em espécie já foi iniciado.');
    process.tipoFaturamento = 'ESPECIE';
    process.status = 'CADASTRO_APROVADO';
    return { status: process.status, tipoFaturamento: process.tipoFaturamento };
  });

  app.patch('/core/faturamento-credito/atualizar', async (request, reply) => {
    const quota = quotaOf(request, reply);
    if (!quota) return reply;
    const process = quota.processos?.especie;
    if (!process) return notFound(reply, 'sua cota não possui processos');
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

  app.post('/core/faturamento-credito/solicitar-pagamento', async (request, reply) => {
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

  app.get('/cotas/:id/bancos/consultar', async () => ({ data: BANKS }));

  // Document analysis of the billing (doc 2 §7 "Document analysis"): the files were uploaded first
  // (arquivos/v2, category faturamento-especie); the quota's process moves to analysis.
  const Analysis = z.object({ idCota: z.number().int(), arquivos: z.array(z.string()).min(1).max(20) });
  const NEXT_STATUS = { solicitar: 'BRSCAN_EM_ANDAMENTO', 'solicitar-empresa': 'ANALISE_FATURAMENTO', 'solicitar-reanalise': 'RETORNO_BRSCAN' } as const;
  for (const [verb, next] of Object.entries(NEXT_STATUS)) {
    app.post(`/antifraude/analise-documento/${verb}`, async (request, reply) => {
      const body = Analysis.safeParse(request.body);
      if (!body.success) return invalid(reply, 'idCota e arquivos são obrigatórios.');
      const quota = state.quotas.get(body.data.idCota);
      const customer = grantOf(request).customer;
      if (!quota || quota.owner !== customer || !quota.processos?.especie) return notFound(reply, 'sua cota não possui processos');
      if (body.data.arquivos.some((id) => state.files.get(id)?.owner !== customer)) return fail(reply, 400, 'Arquivos não encontrados para este cliente.');
      quota.processos.especie.status = next;
      quota.processos.especie.analiseDesde = state.clock.now();
      const owner = state.customers.get(customer)!;
      for (const c of owner.casos ?? []) if (c.documentosIlegiveis) c.documentosIlegiveis = [];
      return { status: next };
    });
  }
}
