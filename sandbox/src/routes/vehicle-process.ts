import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '../../../back-office/index.js';
import { fail, notFound } from '../http.js';
import { NO_PROCESS, serveQuotaProcess } from '../process-route.js';
import { callerQuota } from '../quota-access.js';
import type { QuotaRecord, SandboxState } from '../state/store.js';
import { advanceUsed } from '../state/used-vehicle-progress.js';
import { advanceUsedPayment } from '../state/used-vehicle-payment.js';
import { DOCUMENT_ANALYSIS_HOURS, INCLUSION_HOURS, INSPECTION_FEE, type VehicleProcess } from '../state/vehicle.js';

export { NO_PROCESS } from '../process-route.js';

const HOUR = 3600_000;

/** The caller's quota named by idCota (query, body or path), or null with the answer sent. */
export function vehicleQuota(state: SandboxState, request: FastifyRequest, reply: FastifyReply): QuotaRecord | null {
  const from = { ...(request.params as object), ...(request.query as object), ...((request.body as object | null) ?? {}) } as { idCota?: unknown };
  return callerQuota(state, request, reply, from.idCota);
}

/** The quota's vehicle process, or null with the core system's 'no process' answer sent. */
export function processOf(state: SandboxState, quota: QuotaRecord, reply: FastifyReply): VehicleProcess | null {
  const process = liveProcess(state, quota);
  if (!process) {
    void notFound(reply, NO_PROCESS);
    return null;
  }
  return process;
}

/** The quota's vehicle process as the back office would have moved it by now, if it has one. */
function liveProcess(state: SandboxState, quota: QuotaRecord): VehicleProcess | undefined {
  const process = quota.processos?.auto;
  if (!process) return undefined;
  normalise(state, process);
  advance(state, quota, process);
  return process;
}

/** Serves a vehicle-billing call on the caller's quota (idCota) and its vehicle process, brought up to date (404s as serveQuotaProcess). */
export function serveVehicleProcess<E extends Endpoint>(
  app: FastifyInstance,
  state: SandboxState,
  e: E,
  handler: (quota: QuotaRecord, process: VehicleProcess, request: FastifyRequest, reply: FastifyReply) => Promise<z.input<E['answer']> | FastifyReply>,
): void {
  serveQuotaProcess(app, e, (request, reply) => vehicleQuota(state, request, reply), (quota) => liveProcess(state, quota), handler);
}

/** A refusal of the core system (422 with its message). */
export const refuse = (reply: FastifyReply, message: string) => fail(reply, 422, message, 'BUSINESS_RULE');

/** Seeds give days and used-vehicle states; the back office keeps a status and a creation instant. */
function normalise(state: SandboxState, process: VehicleProcess): void {
  if (!process.status) {
    process.status = process.estadoProcesso ?? 'TRATATIVA_NAO_INICIADA';
    process.tipoFaturamento ??= process.estadoProcesso ? 'SEMINOVO' : undefined;
  }
  process.dataCriacao ??= new Date(state.clock.now() - (process.criadoHaDias ?? 0) * 24 * HOUR).toISOString();
}

/** Registers the dealership on the process and moves on to the payment form. */
export function chooseDealership(process: VehicleProcess, cnpj: string, razaoSocial: string): void {
  process.pedido = { ...process.pedido, cnpjConcessionaria: cnpj, razaoSocial, concessionariaNotFound: false };
  process.status = 'AGUARDANDO_FORMA_PAGAMENTO';
}

/** Payment steps after scheduling: released after 24 hours, sent 24 hours later. */
const PAYMENT_STEPS: Record<string, { next: string; descricao: string; final?: true }> = {
  AGUARDANDO_PAGAMENTO: { next: 'PAGAMENTO_LIBERADO', descricao: 'Pagamento liberado' },
  PAGAMENTO_LIBERADO: { next: 'PAGAMENTO_ENVIADO', descricao: 'Pagamento enviado à concessionária', final: true },
};

/**
 * What the back office has done by now on its clock: an inclusion of a brand or dealership ends
 * after 48 hours (the brand enters the list, the dealership is registered and chosen); the
 * invoice analysis ends after 48 hours (an invoice whose value differs from the purchase value is
 * pending a correction letter); a payment moves on every 24 hours.
 */
function advance(state: SandboxState, quota: QuotaRecord, process: VehicleProcess): void {
  const now = state.clock.now();
  const order = process.pedido ?? {};
  if (process.inclusaoDesde !== undefined && now - process.inclusaoDesde >= INCLUSION_HOURS * HOUR) {
    delete process.inclusaoDesde;
    if (process.status === 'AGUARDANDO_INCLUSAO_MARCA' && order.newMarca) {
      const known = state.vehicle.brands.find((b) => b.marca.toLowerCase() === order.newMarca!.toLowerCase());
      const brand = known ?? { codigoFabricante: String(900 + state.vehicle.brands.length), marca: order.newMarca, modelos: [] };
      if (!known) state.vehicle.brands.push(brand);
      if (order.newModelo && !brand.modelos.some((m) => m.modelo.toLowerCase() === order.newModelo!.toLowerCase())) {
        brand.modelos.push({ codigoModelo: `${brand.codigoFabricante}${String(brand.modelos.length + 1).padStart(3, '0')}`, modelo: order.newModelo, tipo: 'LEVE' });
      }
      process.status = 'AGUARDANDO_DADOS_VEICULO';
    }
    if (process.status === 'AGUARDANDO_INCLUSAO_CONCESSIONARIA' && order.cnpjConcessionaria) {
      const name = state.vehicle.dealerships.get(order.cnpjConcessionaria) ?? `Concessionária ${order.cnpjConcessionaria.slice(0, 8)} Ltda`;
      state.vehicle.dealerships.set(order.cnpjConcessionaria, name);
      chooseDealership(process, order.cnpjConcessionaria, name);
    }
  }
  if (process.analiseDesde !== undefined && now - process.analiseDesde >= DOCUMENT_ANALYSIS_HOURS * HOUR) {
    delete process.analiseDesde;
    if (process.status === 'ANALISE_DOCUMENTOS' && order.valorNotaFiscal !== undefined && order.valorNotaFiscal !== order.valorCompra) {
      process.status = 'PENDENCIA_NOTA_FISCAL';
      process.respostaAnalista = 'A nota fiscal não traz as informações essenciais da ordem de compra (valor diferente). Peça à concessionária a carta de correção e envie-a.';
    } else if (process.status === 'ANALISE_DOCUMENTOS' || process.status === 'NOTA_FISCAL_CORRIGIDA') {
      process.status = 'PROGRAMAR_PAGAMENTO';
    }
  }
  for (let step = PAYMENT_STEPS[process.status!]; step; step = PAYMENT_STEPS[process.status!]) {
    const last = process.eventos?.at(-1);
    const since = last ? Date.parse(last.em) : Number.NaN;
    if (!last || now - since < 24 * HOUR) break;
    last.situacao = 'Concluido';
    process.eventos = [...(process.eventos ?? []), { situacao: step.final ? 'Concluido' : 'Aberto', descricao: step.descricao, em: new Date(since + 24 * HOUR).toISOString() }];
    process.status = step.next;
  }
  advanceUsed(state, process);
  advanceUsedPayment(process, now);
  void quota;
}

/** The billing state as core/faturamento/auto/status answers it (doc 2 §3.6). */
export function billingState(quota: QuotaRecord, process: VehicleProcess) {
  const order = process.pedido;
  const credit = creditOf(quota);
  return {
    status: process.status!,
    fase: process.status!,
    observacao: process.observacao ?? null,
    respostaAnalista: process.respostaAnalista ?? null,
    dataCriacao: process.dataCriacao!,
    fluxoManual: process.fluxoManual === true,
    tipoCaso: 'Entrada de Veículo',
    tipoVistoria: process.tipoFaturamento === 'SEMINOVO' ? (process.isDigital === false ? ('VISTORIA_TECNICA' as const) : ('VISTORIA_DIGITAL' as const)) : null,
    tipoFaturamento: process.tipoFaturamento ?? null,
    tipoVendedor: process.tipoVendedor ?? null,
    telaFinalVista: process.telaFinalVista === true,
    creditoDisponivel: credit,
    saldoDevedor: quota.valorSaldoDevedor,
    timelinePagamento: process.eventos ?? [],
    dadosFaturamento: order
      ? {
          marca: order.marca ?? null,
          codigoFabricante: order.codigoFabricante ?? null,
          modelo: order.modelo ?? null,
          ano: order.ano ?? null,
          cor: order.cor ?? null,
          valorCompra: order.valorCompra ?? null,
          valorVeiculo: order.valorVeiculo ?? null,
          cnpjConcessionaria: order.cnpjConcessionaria ?? null,
          razaoSocial: order.razaoSocial ?? null,
          concessionariaNotFound: order.concessionariaNotFound === true,
          newMarca: order.newMarca ?? null,
          newModelo: order.newModelo ?? null,
          tipoVeiculo: order.tipoVeiculo ?? null,
          dadosPagamento: order.dadosPagamento ?? null,
          urlsArquivos: order.urlsArquivos ?? [],
        }
      : null,
    estadoProcesso: process.estadoProcesso ?? null,
    isDigital: process.isDigital ?? true,
    statusPagamento: process.statusPagamento ?? null,
  };
}

/** Credit available to bill: the credit letter less the inspection fees charged. */
export function creditOf(quota: QuotaRecord): number {
  return quota.valorBem - (quota.processos?.auto?.taxasVistoria ?? 0) * INSPECTION_FEE;
}
