import { usedVehicle, vehicleBilling, type InspectionAddress } from '../../../../back-office/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';

export type { InspectionAddress, InspectionState, PlateLookup, SimulationResult, UsedVehicle } from '../../../../back-office/index.js';

/** Used-vehicle calls up to the inspection (doc 2 §7), for the selected quota; shapes in the back-office contract. */
export const usedUpstream = {
  plateLookup: (u: CustomerUpstream, idCota: number, placa: string) => u.request(usedVehicle.plateLookup, { params: { placa }, query: { idCota } }),
  simulate: (u: CustomerUpstream, body: { idCota: number; idUnidade: string; tipo: string; anoModelo: number; valor: number }) => u.request(usedVehicle.simulate, { json: body }),
  vehicle: (u: CustomerUpstream, idCota: number) => u.request(usedVehicle.vehicle, { query: { idCota } }),
  inspection: (u: CustomerUpstream, idCota: number) => u.request(usedVehicle.inspection, { query: { idCota } }),
  scheduleDigital: (u: CustomerUpstream, idCota: number) => u.request(usedVehicle.schedule, { json: { idCota, tipoVistoria: 'VISTORIA_DIGITAL', aceiteTermos: true } }),
  scheduleTechnical: (u: CustomerUpstream, idCota: number, endereco: InspectionAddress, acompanhanteVistoria: { nome: string; telefone: string; horarioVisita: string }) =>
    u.request(usedVehicle.schedule, { json: { idCota, tipoVistoria: 'VISTORIA_TECNICA', aceiteTermos: true, endereco, acompanhanteVistoria } }),
  reanalysis: (u: CustomerUpstream, idCota: number, arquivos: string[]) => u.request(usedVehicle.inspectionReanalysis, { json: { idCota, arquivos } }),
  /** selecionar-veiculo for a used vehicle: the FIPE value as its value, with plate, state, chassis and RENAVAM. */
  select: (u: CustomerUpstream, body: { idCota: number; tipo: string; marca: string; codigoFabricante: string; anos: string; cor: string; modelo: string; valor: number; placa?: string; uf?: string; chassi?: string; renavam?: string }) =>
    u.request(vehicleBilling.selectVehicle, { json: { ...body, tipoFaturamento: 'SEMINOVO' } }),
  registerVehicle: (u: CustomerUpstream, idCota: number, v: { newMarca: string; newModelo: string; ano: string; cor: string }) => u.request(vehicleBilling.registerVehicle, { json: { idCota, ...v } }),
  start: (u: CustomerUpstream, idCota: number) => u.request(vehicleBilling.start, { query: { idCota, tipoFaturamento: 'SEMINOVO' } }),
};
