import { vehicleBilling, type BankData, type VehicleProduct } from '../../../../back-office/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { loadVehicleBilling } from '../../upstream/vehicle-billing.js';

export type { BankData, PurchaseOrder, VehicleBillingData, VehicleProduct } from '../../../../back-office/index.js';

/** Vehicle billing calls (doc 2 §7 "Vehicle billing"), for the selected quota; shapes in the back-office contract. */
export const vehicleUpstream = {
  status: (u: CustomerUpstream, idCota: number) => loadVehicleBilling(u, idCota),
  check: (u: CustomerUpstream, idCota: number) => u.request(vehicleBilling.check, { query: { idCota } }),
  start: (u: CustomerUpstream, idCota: number, tipoFaturamento: VehicleProduct) => u.request(vehicleBilling.start, { query: { idCota, tipoFaturamento } }),
  restart: (u: CustomerUpstream, idCota: number) => u.request(vehicleBilling.restart, { query: { idCota } }),
  startManual: (u: CustomerUpstream, idCota: number, motivoEncerramento: string) => u.request(vehicleBilling.startManual, { json: { idCota, motivoEncerramento } }),
  eligibleQuotas: (u: CustomerUpstream, idCota: number) => u.request(vehicleBilling.eligibleQuotas, { query: { idCota } }),
  documentsToValidate: (u: CustomerUpstream, idCota: number) => u.request(vehicleBilling.documentsToValidate, { params: { idCota } }),
  brands: (u: CustomerUpstream, marca: string) => u.request(vehicleBilling.brands, { query: { marca } }),
  models: (u: CustomerUpstream, codigoFabricante: string, modelo: string) => u.request(vehicleBilling.models, { query: { modelo, codigoFabricante } }),
  registerVehicle: (u: CustomerUpstream, idCota: number, v: { newMarca: string; newModelo: string; ano: string; cor: string }) => u.request(vehicleBilling.registerVehicle, { json: { idCota, ...v } }),
  selectVehicle: (u: CustomerUpstream, body: { idCota: number; tipo: string; marca: string; codigoFabricante: string; anos: string; cor: string; modelo: string; valor?: number }) =>
    u.request(vehicleBilling.selectVehicle, { json: { ...body, tipoFaturamento: 'NOVO' } }),
  supplier: (u: CustomerUpstream, idCota: number, cnpj: string) => u.request(vehicleBilling.supplier, { params: { idCota, cnpj } }),
  addSupplier: (u: CustomerUpstream, idCota: number, cnpj: string) => u.request(vehicleBilling.addSupplier, { json: { idCota, cnpj } }),
  paymentForms: (u: CustomerUpstream, idCota: number) => u.request(vehicleBilling.paymentForms, { params: { idCota } }),
  paymentFormDetail: (u: CustomerUpstream, idCota: number, optType: string) => u.request(vehicleBilling.paymentFormDetail, { params: { idCota, optType } }),
  orderData: (u: CustomerUpstream, body: { idCota: number; corParceiro: string; logoParceiro: string; unidadeNegocio: string; formaPagamento: string; dadosBancarios?: BankData }) =>
    u.request(vehicleBilling.orderData, { json: body }),
  request: (u: CustomerUpstream, idCota: number) => u.request(vehicleBilling.request, { params: { idCota }, json: {} }),
  purchaseOrder: (u: CustomerUpstream, idCota: number) => u.request(vehicleBilling.purchaseOrder, { json: { idCota } }),
  sendInvoice: (u: CustomerUpstream, idCota: number, arquivos: string[], valorNotaFiscal: number) => u.request(vehicleBilling.sendInvoice, { json: { idCota, arquivos, valorNotaFiscal } }),
  sendCorrectionLetter: (u: CustomerUpstream, idCota: number, arquivos: string[]) => u.request(vehicleBilling.sendCorrectionLetter, { json: { idCota, arquivos } }),
  schedulePayment: (u: CustomerUpstream, idCota: number) => u.request(vehicleBilling.schedulePayment, { query: { idCota } }),
  resolveDetran: (u: CustomerUpstream, idCota: number) => u.request(vehicleBilling.resolveDetran, { query: { idCota } }),
};
