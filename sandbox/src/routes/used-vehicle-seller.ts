import type { FastifyInstance } from 'fastify';
import { usedVehicleSeller } from '../../../back-office/index.js';
import type { SandboxContext } from '../context.js';
import { invalid } from '../http.js';
import type { QuotaRecord, SandboxState } from '../state/store.js';
import type { VehicleProcess } from '../state/vehicle.js';
import { refuse, serveVehicleProcess } from './vehicle-process.js';

/** Process states in which the seller's data may be given (doc 2 §4.5: guarantee approved, revalidation, awaiting the seller). */
const SELLER_STATES = new Set(['GARANTIA_APROVADA', 'REVALIDAR_VENDEDOR', 'AGUARDANDO_DOCUMENTOS', 'DADOS_VENDEDOR']);

/** Moves a used-vehicle process: the status and the process state go together. */
export function moveUsed(process: VehicleProcess, state: string): void {
  process.status = state;
  process.estadoProcesso = state;
}

const digits = (v: string) => v.replace(/[\s./-]/g, '').toUpperCase();

/**
 * The owner's documents of a used vehicle, through the document-analysis verbs (files uploaded in
 * the `faturamento-veiculo` category): the seller's documents, their resend after a refusal, and
 * the billing reanalysis all put the owner's documents under analysis.
 */
export const USED_SELLER_VERBS: Readonly<Record<string, ReadonlySet<string>>> = {
  'solicitar-vendedor': new Set(['AGUARDANDO_DOCUMENTOS', 'DADOS_VENDEDOR']),
  'solicitar-vendedor-reenvio': new Set(['DOCUMENTOS_ILEGIVEIS', 'DOCUMENTOS_INCORRETOS', 'PENDENCIA_SWORKS']),
  'solicitar-reanalise-faturamento': new Set(['DOCUMENTOS_DEVOLVIDOS']),
};

export function startUsedSellerAnalysis(quota: QuotaRecord, verb: string, body: Record<string, unknown>): { status: string } | { refused: string } {
  const process = quota.processos?.auto;
  if (!process || process.tipoFaturamento !== 'SEMINOVO') return { refused: 'sua cota não possui processos' };
  if (!USED_SELLER_VERBS[verb]!.has(process.estadoProcesso ?? process.status ?? '')) return { refused: 'Os documentos do vendedor não são esperados nesta etapa.' };
  if (verb === 'solicitar-vendedor') {
    const checklist = body.checklist as { assinaturaReconhecida?: boolean } | undefined;
    if (checklist?.assinaturaReconhecida !== true) return { refused: 'Confirme o checklist dos documentos do vendedor.' };
  }
  process.documentosVendedor = [...(process.documentosVendedor ?? []), ...((body.arquivos as string[]) ?? [])];
  delete process.respostaAnalista;
  moveUsed(process, 'DOCUMENTOS_RECEBIDOS');
  return { status: 'DOCUMENTOS_RECEBIDOS' };
}

/**
 * The seller of a used vehicle (doc 2 §3.6, §5, §7 core/faturamento/auto/dados-vendedor): the
 * personal data (never the buyer's) and the bank account (the seller's own: the company CNPJ for
 * companies). Bank data after a reversed payment (`estorno`) asks the payment again: the payment
 * is reprocessed.
 */
export default async function usedVehicleSellerRoutes(app: FastifyInstance, { state }: SandboxContext) {
  const buyerOf = (s: SandboxState, quota: QuotaRecord) => digits(s.customers.get(quota.owner)!.document);

  serveVehicleProcess(app, state, usedVehicleSeller.sellerData, async (_quota, process) => {
    return { tipoVendedor: process.tipoVendedor ?? null, vendedor: process.vendedor ?? null, dadosBancarios: process.dadosBancariosVendedor ?? null };
  });

  serveVehicleProcess(app, state, usedVehicleSeller.saveSellerData, async (quota, process, request, reply) => {
    const body = usedVehicleSeller.saveSellerData.body!.safeParse(request.body);
    if (!body.success) return invalid(reply, 'Dados do vendedor inválidos.');
    const { tipoVendedor, vendedor, dadosBancarios, estorno } = body.data;
    if (process.tipoFaturamento !== 'SEMINOVO') return refuse(reply, 'Os dados do vendedor são só do faturamento de veículo usado.');
    const buyer = buyerOf(state, quota);
    if (estorno) {
      if (process.statusPagamento !== 'PAGAMENTO_ESTORNADO') return refuse(reply, 'Não há pagamento estornado para esta cota.');
      if (!dadosBancarios) return invalid(reply, 'Informe os dados bancários do vendedor.');
    } else if (!SELLER_STATES.has(process.estadoProcesso ?? process.status ?? '')) return refuse(reply, 'Os dados do vendedor não são esperados nesta etapa.');
    const seller = vendedor ?? (process.tipoVendedor === tipoVendedor ? process.vendedor : undefined);
    if (vendedor && digits(vendedor.documento) === buyer) return refuse(reply, 'Os dados do comprador não são aceitos como dados do vendedor.');
    if (dadosBancarios) {
      if (!seller) return refuse(reply, 'Informe primeiro os dados do vendedor.');
      const holder = digits(dadosBancarios.titularDocumento);
      if (holder === buyer) return refuse(reply, 'A conta do comprador não é aceita: a conta deve ser do vendedor.');
      if (holder !== digits(seller.documento)) return refuse(reply, tipoVendedor === 'PF' ? 'A conta deve estar no CPF do vendedor.' : 'A conta deve estar no CNPJ da empresa vendedora.');
    }
    process.tipoVendedor = tipoVendedor;
    if (vendedor) {
      process.vendedor = { ...vendedor, documento: digits(vendedor.documento) };
      delete process.dadosBancariosVendedor;
    }
    if (dadosBancarios) process.dadosBancariosVendedor = dadosBancarios;
    if (estorno) {
      const now = new Date(state.clock.now()).toISOString();
      process.statusPagamento = 'REPROCESSAR_PAGAMENTO';
      process.eventos = [...(process.eventos ?? []), { situacao: 'Aberto', descricao: 'Dados bancários do vendedor corrigidos: pagamento em reprocessamento', em: now }];
    } else if (dadosBancarios) moveUsed(process, 'AGUARDANDO_DOCUMENTOS');
    return { status: process.status! };
  });
}
