import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { usedOf } from '../state/used-vehicle-progress.js';

const Bank = z.object({ banco: z.string(), agencia: z.string(), conta: z.string(), tipoConta: z.enum(['CORRENTE', 'POUPANCA']), titularDocumento: z.string() });

/** Any state of a vehicle process: status, product, manual flow, age, analyst's answer and the purchase order. */
const VehicleState = z.object({
  status: z.string().regex(/^[A-Z_]+$/),
  tipoFaturamento: z.enum(['NOVO', 'SEMINOVO']).nullable().optional(),
  fluxoManual: z.boolean().optional(),
  criadoHaDias: z.number().int().min(0).optional(),
  respostaAnalista: z.string().optional(),
  pedido: z
    .object({
      marca: z.string(),
      codigoFabricante: z.string(),
      modelo: z.string(),
      ano: z.string(),
      cor: z.string(),
      valorCompra: z.number(),
      valorVeiculo: z.number(),
      cnpjConcessionaria: z.string(),
      razaoSocial: z.string(),
      dadosPagamento: z.object({ formaPagamento: z.string(), dadosBancarios: Bank.nullable() }),
      valorNotaFiscal: z.number(),
    })
    .partial()
    .optional(),
});

const Seller = z.object({
  tipoVendedor: z.enum(['PF', 'REVENDEDORA_CONCESSIONARIA', 'LOCADORA', 'OUTRAS_EMPRESAS']),
  vendedor: z.object({ nome: z.string(), documento: z.string() }).optional(),
  dadosBancariosVendedor: z.object({ idBanco: z.string(), tipoConta: z.enum(['CORRENTE', 'POUPANCA']), agencia: z.string(), conta: z.string(), titularDocumento: z.string() }).optional(),
});

/** Any state of a used-vehicle process (doc 2 §4.5): process state, inspection kind, payment status, seller, analyst's answer. */
const UsedVehicleState = z.object({
  estadoProcesso: z.string().regex(/^[A-Z_]+$/),
  isDigital: z.boolean().optional(),
  statusPagamento: z.string().regex(/^[A-Z_]+$/).nullable().optional(),
  criadoHaDias: z.number().int().min(0).optional(),
  respostaAnalista: z.string().optional(),
  /** The seller so far; null removes it. */
  vendedor: Seller.nullable().optional(),
});

/**
 * /__sandbox/personas/:persona/faturamento-auto: puts the persona's first quota's vehicle process
 * in any state (PUT) or removes it (DELETE), for tests and demos.
 */
export default async function vehicleControlRoutes(app: FastifyInstance, { state }: SandboxContext) {
  const quotaOf = (persona: string) => state.quotasOf(persona)[0];

  app.put('/personas/:persona/faturamento-auto', async (request, reply) => {
    const body = VehicleState.safeParse(request.body);
    const quota = quotaOf((request.params as { persona: string }).persona);
    if (!body.success || !quota) return reply.code(400).send({ message: 'Persona ou estado inválido.' });
    const { criadoHaDias, tipoFaturamento, pedido, ...rest } = body.data;
    const before = quota.processos?.auto ?? {};
    quota.processos = {
      ...quota.processos,
      auto: {
        ...before,
        ...rest,
        ...(tipoFaturamento === undefined ? {} : { tipoFaturamento: tipoFaturamento ?? undefined }),
        ...(criadoHaDias === undefined ? {} : { dataCriacao: new Date(state.clock.now() - criadoHaDias * 86_400_000).toISOString() }),
        ...(pedido ? { pedido: { ...before.pedido, ...pedido } } : {}),
      },
    };
    delete quota.processos.auto!.inclusaoDesde;
    delete quota.processos.auto!.analiseDesde;
    return { idCota: quota.idCota, ...quota.processos.auto };
  });

  // a used-vehicle process in any process state of doc 2 §4.5 (the status follows it),
  // digital or technical inspection, the payment's own status and the seller's kind.
  app.put('/personas/:persona/faturamento-seminovo', async (request, reply) => {
    const body = UsedVehicleState.safeParse(request.body);
    const quota = quotaOf((request.params as { persona: string }).persona);
    if (!body.success || !quota) return reply.code(400).send({ message: 'Persona ou estado inválido.' });
    const { estadoProcesso, statusPagamento, criadoHaDias, vendedor, ...rest } = body.data;
    const before = quota.processos?.auto ?? {};
    const auto = { ...before, ...rest, tipoFaturamento: 'SEMINOVO' as const, status: estadoProcesso, estadoProcesso, isDigital: rest.isDigital ?? before.isDigital ?? true };
    if (statusPagamento === null) delete auto.statusPagamento;
    else if (statusPagamento) auto.statusPagamento = statusPagamento;
    if (criadoHaDias !== undefined) auto.dataCriacao = new Date(state.clock.now() - criadoHaDias * 86_400_000).toISOString();
    if (vendedor === null) {
      delete auto.vendedor;
      delete auto.dadosBancariosVendedor;
      delete auto.tipoVendedor;
    } else if (vendedor) Object.assign(auto, vendedor);
    // The vehicle, simulation and inspection start again consistent with the state (past the
    // simulation the process carries the ABC1D23 vehicle).
    delete auto.usado;
    usedOf(auto);
    quota.processos = { ...quota.processos, auto };
    return { idCota: quota.idCota, ...auto };
  });

  // The customer signs the contract at the e-signature provider (the e-mailed link): the payment can be scheduled.
  app.post('/personas/:persona/faturamento-seminovo/assinatura', async (request, reply) => {
    const auto = quotaOf((request.params as { persona: string }).persona)?.processos?.auto;
    if (!auto || !['AGUARDANDO_ASSINATURA', 'CONTRATO_PENDENTE'].includes(auto.estadoProcesso ?? '')) return reply.code(409).send({ message: 'Nenhum contrato aguardando assinatura.' });
    Object.assign(auto, { status: 'PROGRAMAR_PAGAMENTO', estadoProcesso: 'PROGRAMAR_PAGAMENTO' });
    return { estadoProcesso: auto.estadoProcesso };
  });

  app.delete('/personas/:persona/faturamento-auto', async (request, reply) => {
    const quota = quotaOf((request.params as { persona: string }).persona);
    if (!quota) return reply.code(400).send({ message: 'Persona inválida.' });
    if (quota.processos) delete quota.processos.auto;
    return reply.code(204).send();
  });
}
