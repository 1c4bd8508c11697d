import type { FastifyInstance } from 'fastify';
import { isValidCnpj } from '@brazilian-utils/brazilian-utils';
import { vehicleBilling, type BankData } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import { invalid, notFound } from '../http.js';
import type { SandboxContext } from '../context.js';
import { renderPdf } from '../pdf.js';
import { normalizeDocument } from '../state/store.js';
import { registerUsedVehicle, selectUsedVehicle } from './used-vehicle-inspection.js';
import { billingState, chooseDealership, creditOf, refuse, serveVehicleProcess, vehicleQuota } from './vehicle-process.js';
import type { VehicleProcess } from '../state/vehicle.js';

const money = (n: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(n);
const like = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const PAYMENT_FORMS = [
  { optType: 'TED', descricao: 'Transferência para a conta da concessionária', exigeDadosBancarios: true },
  { optType: 'BOLETO', descricao: 'Boleto emitido pela concessionária', exigeDadosBancarios: false },
];

/**
 * The new-vehicle purchase order (doc 2 §3.4, §7): brands and models, the vehicle and its
 * purchase value (at least the outstanding balance; for a paid-off quota at most the available
 * credit), the dealership (a registered supplier, else an inclusion of up to 48 h), the payment
 * form, the billing request, the purchase order as a base64 PDF, the invoice (value at least the
 * outstanding balance) and the correction letter.
 */
export default async function vehicleOrderRoutes(app: FastifyInstance, { state }: SandboxContext) {
  const brands = () => state.vehicle.brands;
  const search = (text: string) => brands().filter((b) => b.marca.toLowerCase().includes(text.trim().toLowerCase()));

  serve(app, vehicleBilling.brands, async (request) => ({ data: search((request.query as { marca?: string }).marca ?? '').map((b) => ({ codigoFabricante: b.codigoFabricante, marca: b.marca })) }));
  serve(app, vehicleBilling.models, async (request) => {
    const { modelo = '', codigoFabricante } = request.query as { modelo?: string; codigoFabricante?: string };
    const brand = brands().find((b) => b.codigoFabricante === codigoFabricante);
    return { data: (brand?.modelos ?? []).filter((m) => m.modelo.toLowerCase().includes(modelo.trim().toLowerCase())) };
  });
  serve(app, vehicleBilling.manufacturers, async (request) => ({ data: search((request.query as { nomefabricante?: string }).nomefabricante ?? '').map((b) => ({ codigoFabricante: b.codigoFabricante, nome: b.marca })) }));
  serve(app, vehicleBilling.goodsModels, async (request) => {
    const { codfabricante, nomebem = '' } = request.query as { codfabricante?: string; nomebem?: string };
    const brand = brands().find((b) => b.codigoFabricante === codfabricante);
    return { data: (brand?.modelos ?? []).filter((m) => m.modelo.toLowerCase().includes(nomebem.toLowerCase())).map((m) => ({ codigoBem: m.codigoModelo, nome: m.modelo })) };
  });

  serveVehicleProcess(app, state, vehicleBilling.registerVehicle, async (_quota, process, request, reply) => {
    const body = request.body as { newMarca?: string; newModelo?: string; ano?: string; cor?: string };
    if (process.tipoFaturamento === 'SEMINOVO') return registerUsedVehicle(state, process, body, reply);
    if (!body.newMarca?.trim() || !body.newModelo?.trim()) return invalid(reply, 'newMarca e newModelo são obrigatórios.');
    if (process.status !== 'AGUARDANDO_DADOS_VEICULO') return refuse(reply, 'Os dados do veículo já foram informados.');
    process.pedido = { ...process.pedido, newMarca: body.newMarca.trim(), newModelo: body.newModelo.trim(), ano: body.ano ?? '', cor: body.cor ?? '' };
    process.status = 'AGUARDANDO_INCLUSAO_MARCA';
    process.inclusaoDesde = state.clock.now();
    return { status: process.status };
  });

  serveVehicleProcess(app, state, vehicleBilling.selectVehicle, async (quota, process, request, reply) => {
    if (process.tipoFaturamento === 'SEMINOVO') return selectUsedVehicle(process, request.body, reply);
    const body = request.body as { marca: string; codigoFabricante: string; modelo: string; anos: string; cor: string; tipo: string; valor?: number };
    const brand = brands().find((b) => b.codigoFabricante === body.codigoFabricante && like(b.marca, body.marca));
    const model = brand?.modelos.find((m) => like(m.modelo, body.modelo));
    if (!brand || !model) return invalid(reply, 'Marca ou modelo fora da lista do fabricante.');
    if (!['AGUARDANDO_DADOS_VEICULO', 'AGUARDANDO_VALOR_COMPRA', 'PENDENCIA_SALDO'].includes(process.status!)) return refuse(reply, 'Os dados do veículo não podem mais ser alterados.');
    process.pedido = { ...process.pedido, marca: brand.marca, codigoFabricante: brand.codigoFabricante, modelo: model.modelo, ano: body.anos, cor: body.cor.trim(), tipoVeiculo: model.tipo };
    if (body.valor === undefined) {
      process.status = 'AGUARDANDO_VALOR_COMPRA';
      return { status: process.status };
    }
    const credit = creditOf(quota);
    if (body.valor < quota.valorSaldoDevedor) return refuse(reply, `O valor de compra deve ser de pelo menos ${money(quota.valorSaldoDevedor)} (saldo devedor).`);
    if (quota.situacaoCota === 'QUITADO' && body.valor > credit) return refuse(reply, `Para cota quitada, o valor de compra deve ser de no máximo ${money(credit)} (saldo disponível).`);
    process.pedido = { ...process.pedido, valorCompra: body.valor, valorVeiculo: Math.min(body.valor, credit) };
    process.status = 'AGUARDANDO_DADOS_CONCESSIONARIA';
    return { status: process.status };
  });

  serve(app, vehicleBilling.supplier, async (request, reply) => {
    const quota = vehicleQuota(state, request, reply);
    if (!quota) return reply;
    const cnpj = normalizeDocument((request.params as { cnpj: string }).cnpj);
    const name = state.vehicle.dealerships.get(cnpj);
    return name ? { cnpj, razaoSocial: name, status: 'ATIVO' } : notFound(reply, 'Fornecedor não cadastrado.');
  });

  // Chooses a registered dealership, or asks the inclusion of one that is not (up to 48 h).
  serveVehicleProcess(app, state, vehicleBilling.addSupplier, async (_quota, process, request, reply) => {
    const cnpj = normalizeDocument((request.body as { cnpj?: string }).cnpj ?? '');
    if (!isValidCnpj(cnpj, { version: 2 })) return invalid(reply, 'CNPJ inválido.');
    if (process.status !== 'AGUARDANDO_DADOS_CONCESSIONARIA') return refuse(reply, 'A concessionária não pode ser alterada nesta etapa.');
    const name = state.vehicle.dealerships.get(cnpj);
    if (name) chooseDealership(process, cnpj, name);
    else {
      process.pedido = { ...process.pedido, cnpjConcessionaria: cnpj, concessionariaNotFound: true };
      process.status = 'AGUARDANDO_INCLUSAO_CONCESSIONARIA';
      process.inclusaoDesde = state.clock.now();
    }
    return { status: process.status! };
  });

  serve(app, vehicleBilling.paymentForms, async () => ({ data: PAYMENT_FORMS.map(({ optType, descricao }) => ({ optType, descricao })) }));
  serve(app, vehicleBilling.paymentFormDetail, async (request, reply) => {
    const found = PAYMENT_FORMS.find((f) => f.optType === (request.params as { optType: string }).optType);
    return found ?? notFound(reply, 'Forma de pagamento não encontrada.');
  });

  serveVehicleProcess(app, state, vehicleBilling.orderData, async (_quota, process, request, reply) => {
    const body = request.body as { formaPagamento: string; dadosBancarios?: BankData };
    const form = PAYMENT_FORMS.find((f) => f.optType === body.formaPagamento);
    if (!form) return invalid(reply, 'Forma de pagamento desconhecida.');
    if (!['AGUARDANDO_FORMA_PAGAMENTO', 'AGUARDANDO_DADOS_BANCARIOS', 'PAGAMENTO_ESTORNADO'].includes(process.status!)) return refuse(reply, 'A forma de pagamento não pode ser alterada nesta etapa.');
    if (form.exigeDadosBancarios && !body.dadosBancarios) return invalid(reply, 'Dados bancários da concessionária são obrigatórios.');
    if (body.dadosBancarios && normalizeDocument(body.dadosBancarios.titularDocumento) !== process.pedido?.cnpjConcessionaria) return refuse(reply, 'A conta deve estar no CNPJ da concessionária.');
    process.pedido = { ...process.pedido, dadosPagamento: { formaPagamento: form.optType, dadosBancarios: body.dadosBancarios ?? null } };
    process.status = process.status === 'PAGAMENTO_ESTORNADO' ? 'PROGRAMAR_PAGAMENTO' : 'AGUARDANDO_CONFIRMACAO';
    return { status: process.status };
  });

  serveVehicleProcess(app, state, vehicleBilling.request, async (_quota, process, _request, reply) => {
    if (process.status !== 'AGUARDANDO_CONFIRMACAO') return refuse(reply, 'Complete os dados do veículo, da concessionária e do pagamento antes de confirmar.');
    process.status = 'AGUARDANDO_DOCUMENTOS';
    return { status: process.status };
  });

  serveVehicleProcess(app, state, vehicleBilling.purchaseOrder, async (quota, process, _request, reply) => {
    // A used vehicle sold by a company: the order names the seller.
    if (process.tipoFaturamento === 'SEMINOVO') return usedOrder(quota, process, reply);
    const order = billingState(quota, process).dadosFaturamento;
    if (!order?.cnpjConcessionaria || !order.dadosPagamento || ['AGUARDANDO_CONFIRMACAO', 'AGUARDANDO_FORMA_PAGAMENTO'].includes(process.status!)) return refuse(reply, 'A ordem de compra ainda não foi emitida.');
    const owner = state.customers.get(quota.owner)!;
    const pdf = await renderPdf({
      title: 'Ordem de compra — veículo novo',
      rows: [
        ['Consorciado', owner.nome],
        ['Grupo / cota', `${quota.grupo} / ${quota.cota}`],
        ['Veículo', `${order.marca} ${order.modelo} ${order.ano} · ${order.cor}`],
        ['Valor de compra', money(order.valorCompra ?? 0)],
        ['Valor do veículo (faturado)', money(order.valorVeiculo ?? 0)],
        ['Concessionária', `${order.razaoSocial} · CNPJ ${order.cnpjConcessionaria}`],
        ['Forma de pagamento', order.dadosPagamento.formaPagamento],
      ],
      notes: ['Apresente esta ordem à concessionária para a emissão da nota fiscal em nome do consorciado, com alienação fiduciária à administradora.'],
    });
    return { nomeArquivo: `ordem-de-compra-${quota.grupo}-${quota.cota}.pdf`, arquivo: pdf.toString('base64') };
  });

  async function usedOrder(quota: Parameters<typeof creditOf>[0], process: VehicleProcess, reply: Parameters<typeof refuse>[0]) {
    if (!process.vendedor || !process.dadosBancariosVendedor) return refuse(reply, 'A ordem de compra ainda não foi emitida.');
    const owner = state.customers.get(quota.owner)!;
    const pdf = await renderPdf({
      title: 'Ordem de compra — veículo usado',
      rows: [
        ['Consorciado', owner.nome],
        ['Grupo / cota', `${quota.grupo} / ${quota.cota}`],
        ['Vendedor', `${process.vendedor.nome} · ${process.vendedor.documento}`],
        ['Crédito disponível', money(creditOf(quota))],
      ],
      notes: ['Apresente esta ordem ao vendedor para a emissão da nota fiscal de saída em nome do consorciado, com o texto de alienação fiduciária à administradora.'],
    });
    return { nomeArquivo: `ordem-de-compra-${quota.grupo}-${quota.cota}.pdf`, arquivo: pdf.toString('base64') };
  }

  serveVehicleProcess(app, state, vehicleBilling.sendInvoice, async (quota, process, request, reply) => {
    const { valorNotaFiscal, arquivos } = request.body as { valorNotaFiscal: number; arquivos: string[] };
    if (!['AGUARDANDO_DOCUMENTOS', 'ENVIO_NOVA_NF', 'DOCUMENTOS_ILEGIVEIS'].includes(process.status!)) return refuse(reply, 'A nota fiscal não é esperada nesta etapa.');
    if (valorNotaFiscal < quota.valorSaldoDevedor) return refuse(reply, `O valor da nota fiscal deve ser de pelo menos ${money(quota.valorSaldoDevedor)} (saldo devedor).`);
    process.pedido = { ...process.pedido, valorNotaFiscal, urlsArquivos: arquivos };
    process.status = 'ANALISE_DOCUMENTOS';
    process.analiseDesde = state.clock.now();
    return { status: process.status };
  });

  serveVehicleProcess(app, state, vehicleBilling.sendCorrectionLetter, async (_quota, process, request, reply) => {
    if (process.status !== 'PENDENCIA_NOTA_FISCAL') return refuse(reply, 'Não há pendência de nota fiscal para esta cota.');
    const { arquivos } = request.body as { arquivos: string[] };
    process.pedido = { ...process.pedido, urlsArquivos: [...(process.pedido?.urlsArquivos ?? []), ...arquivos] };
    process.status = 'NOTA_FISCAL_CORRIGIDA';
    if (process.tipoFaturamento === 'SEMINOVO') process.estadoProcesso = process.status;
    delete process.respostaAnalista;
    process.analiseDesde = state.clock.now();
    return { status: process.status };
  });
}
