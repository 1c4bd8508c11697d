import { z } from 'zod';
import { BankData } from './bank-data.js';
import { TimelineStatus } from './cash-billing.js';
import { endpoint } from './endpoint.js';

/**
 * Doc 2 §7 "Vehicle billing (core/faturamento/auto)" and the document-analysis calls of the new
 * vehicle: the billing state, the start, brands and models, the vehicle, the dealership
 * (fornecedores), the payment form, the purchase order (a PDF in base64) and the payment.
 */

/** New or used (doc 2 §3.6 tipoFaturamento). */
export const VehicleProduct = z.enum(['NOVO', 'SEMINOVO']);
export type VehicleProduct = z.infer<typeof VehicleProduct>;

/** The new-vehicle purchase order as the core system keeps it (doc 2 §3.4). */
export const PurchaseOrder = z.object({
  marca: z.string().nullable(),
  codigoFabricante: z.string().nullable(),
  modelo: z.string().nullable(),
  ano: z.string().nullable(),
  cor: z.string().nullable(),
  valorCompra: z.number().nullable(),
  /** The lower of the purchase value and the available credit (doc 2 §5). */
  valorVeiculo: z.number().nullable(),
  cnpjConcessionaria: z.string().nullable(),
  razaoSocial: z.string().nullable(),
  concessionariaNotFound: z.boolean(),
  newMarca: z.string().nullable(),
  newModelo: z.string().nullable(),
  tipoVeiculo: z.string().nullable(),
  dadosPagamento: z.object({ formaPagamento: z.string(), dadosBancarios: BankData.nullable() }).nullable(),
  urlsArquivos: z.array(z.string()),
});
export type PurchaseOrder = z.infer<typeof PurchaseOrder>;

/** The vehicle billing state of a quota (doc 2 §3.6). */
export const VehicleBillingData = z.object({
  status: z.string(),
  fase: z.string(),
  observacao: z.string().nullable(),
  respostaAnalista: z.string().nullable(),
  /** When the process was created (ISO): the new-vehicle document deadline counts from it. */
  dataCriacao: z.string(),
  fluxoManual: z.boolean(),
  tipoCaso: z.string().nullable(),
  tipoVistoria: z.enum(['VISTORIA_DIGITAL', 'VISTORIA_TECNICA']).nullable(),
  tipoFaturamento: VehicleProduct.nullable(),
  tipoVendedor: z.string().nullable(),
  telaFinalVista: z.boolean(),
  /** Credit available to bill and the outstanding balance, as the core system computes them now. */
  creditoDisponivel: z.number(),
  saldoDevedor: z.number(),
  timelinePagamento: z.array(z.object({ situacao: TimelineStatus, descricao: z.string(), em: z.string() })),
  dadosFaturamento: PurchaseOrder.nullable(),
  /** Used-vehicle process state (doc 2 §4.5 timeline) and inspection kind. */
  estadoProcesso: z.string().nullable(),
  isDigital: z.boolean(),
  statusPagamento: z.string().nullable(),
});
export type VehicleBillingData = z.infer<typeof VehicleBillingData>;

export const VehicleBillingCheck = z.object({
  podeFaturar: z.boolean(),
  /** Why not, in the core system's words. */
  motivo: z.string().nullable(),
  restricao: z.object({ codigoRetorno: z.number(), mensagem: z.string() }).nullable(),
  cotaQuitada: z.boolean(),
});
export type VehicleBillingCheck = z.infer<typeof VehicleBillingCheck>;

const IdCota = z.object({ idCota: z.number().int() });
const Status = z.object({ status: z.string() });
const Files = z.object({ idCota: z.number().int(), arquivos: z.array(z.string()).min(1) });

export const vehicleBilling = {
  status: endpoint({ method: 'GET', path: 'core/faturamento/auto/status', query: IdCota, answer: VehicleBillingData }),
  check: endpoint({ method: 'GET', path: 'core/faturamento/auto/validar', query: IdCota, answer: VehicleBillingCheck }),
  /** Starts (or moves to the product) the vehicle process. */
  start: endpoint({ method: 'GET', path: 'core/faturamento/auto/iniciar', changesData: true, query: z.object({ idCota: z.number().int(), tipoFaturamento: VehicleProduct }), answer: Status }),
  /** Restarts the billing: the inspection fee is charged again (doc 2 §4.5). */
  restart: endpoint({ method: 'GET', path: 'core/faturamento/auto/reiniciar-fluxo', changesData: true, query: IdCota, answer: z.object({ status: z.string(), taxaVistoria: z.number() }) }),
  schedulePayment: endpoint({ method: 'GET', path: 'core/faturamento/auto/programar-pagamento', changesData: true, query: IdCota, answer: Status }),
  resolveDetran: endpoint({ method: 'GET', path: 'core/faturamento/auto/resolver-pendencia-detran', changesData: true, query: IdCota, answer: Status }),
  eligibleQuotas: endpoint({
    method: 'GET',
    path: 'core/faturamento/auto/cotas-aptas',
    query: IdCota,
    answer: z.object({ data: z.array(z.object({ idCota: z.number().int(), grupo: z.string(), cota: z.string(), valorCredito: z.number() })) }),
  }),
  brands: endpoint({ method: 'GET', path: 'core/faturamento/auto/marcas', query: z.object({ marca: z.string() }), answer: z.object({ data: z.array(z.object({ codigoFabricante: z.string(), marca: z.string() })) }) }),
  models: endpoint({
    method: 'GET',
    path: 'core/faturamento/auto/modelos',
    query: z.object({ modelo: z.string(), codigoFabricante: z.string() }),
    answer: z.object({ data: z.array(z.object({ codigoModelo: z.string(), modelo: z.string(), tipo: z.string() })) }),
  }),
  documentsToValidate: endpoint({
    method: 'GET',
    path: 'core/faturamento/auto/documentos-para-validacao/{idCota}',
    answer: z.object({ data: z.array(z.object({ codigo: z.string(), descricao: z.string(), motivo: z.string().nullable() })) }),
  }),
  /** Asks the inclusion of a brand or model not in the lists (up to 48 h). */
  registerVehicle: endpoint({
    method: 'POST',
    path: 'core/faturamento/auto/cadastrar-veiculo',
    body: z.object({ idCota: z.number().int(), newMarca: z.string(), newModelo: z.string(), ano: z.string(), cor: z.string() }),
    answer: Status,
  }),
  startManual: endpoint({ method: 'POST', path: 'core/faturamento/auto/iniciar-manual', body: z.object({ idCota: z.number().int(), motivoEncerramento: z.string() }), answer: Status }),
  selectVehicle: endpoint({
    method: 'POST',
    path: 'core/faturamento/auto/selecionar-veiculo',
    body: z.object({
      idCota: z.number().int(),
      tipoFaturamento: VehicleProduct,
      tipo: z.string(),
      marca: z.string(),
      codigoFabricante: z.string(),
      anos: z.string(),
      cor: z.string(),
      modelo: z.string(),
      /** Absent until the purchase value is given. */
      valor: z.number().optional(),
      /** A used vehicle (doc 2 §7): its plate, state, chassis and RENAVAM. */
      placa: z.string().optional(),
      uf: z.string().optional(),
      chassi: z.string().optional(),
      renavam: z.string().optional(),
    }),
    answer: Status,
  }),
  orderData: endpoint({
    method: 'POST',
    path: 'core/faturamento/auto/dados-ordem-faturamento',
    body: z.object({ idCota: z.number().int(), corParceiro: z.string(), logoParceiro: z.string(), unidadeNegocio: z.string(), formaPagamento: z.string(), dadosBancarios: BankData.optional() }),
    answer: Status,
  }),
  purchaseOrder: endpoint({ method: 'POST', path: 'core/faturamento/auto/pedido-compra', body: IdCota, answer: z.object({ nomeArquivo: z.string(), arquivo: z.string() }) }),
  /** Confirms the billing (the purchase order is issued). */
  request: endpoint({ method: 'POST', path: 'cotas/{idCota}/faturamento/solicitar', body: z.object({ valorNotaFiscal: z.number().optional() }), answer: Status }),
  manufacturers: endpoint({ method: 'GET', path: 'cotas/{idCota}/fabricantes', query: z.object({ nomefabricante: z.string() }), answer: z.object({ data: z.array(z.object({ codigoFabricante: z.string(), nome: z.string() })) }) }),
  goodsModels: endpoint({
    method: 'GET',
    path: 'cotas/{idCota}/modelosbens',
    query: z.object({ codfabricante: z.string(), nomebem: z.string() }),
    answer: z.object({ data: z.array(z.object({ codigoBem: z.string(), nome: z.string() })) }),
  }),
  paymentForms: endpoint({
    method: 'GET',
    path: 'cotas/{idCota}/forma-pagamento/manutencao',
    answer: z.object({ data: z.array(z.object({ optType: z.string(), descricao: z.string() })) }),
  }),
  paymentFormDetail: endpoint({
    method: 'GET',
    path: 'cotas/{idCota}/forma-pagamento/recebimento/{optType}',
    answer: z.object({ optType: z.string(), descricao: z.string(), exigeDadosBancarios: z.boolean() }),
  }),
  /** Asks the inclusion of a dealership not registered (up to 48 h). */
  addSupplier: endpoint({ method: 'POST', path: 'fornecedores', body: z.object({ idCota: z.number().int(), cnpj: z.string() }), answer: Status }),
  /** A registered dealership by CNPJ (404 when it is not). */
  supplier: endpoint({
    method: 'GET',
    path: 'cotas/{idCota}/fornecedores/{cnpj}',
    answer: z.object({ cnpj: z.string(), razaoSocial: z.string(), status: z.string() }),
  }),
  sendInvoice: endpoint({ method: 'POST', path: 'antifraude/analise-documento/solicitar-nota-fiscal', body: Files.extend({ valorNotaFiscal: z.number() }), answer: Status }),
  sendCorrectionLetter: endpoint({ method: 'POST', path: 'antifraude/analise-documento/solicitar-carta-correcao', body: Files, answer: Status }),
};
