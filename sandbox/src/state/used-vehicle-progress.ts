import type { SandboxState } from './store.js';
import { emptyInspection, seededVehicle, USED_DAYS, USED_HOURS, type UsedProcessRecord } from './used-vehicle.js';
import type { VehicleProcess } from './vehicle.js';

const HOUR = 3600_000;
export const DAY = 24 * HOUR;
/** States before the vehicle is chosen: a process seeded further on carries eduardo's vehicle. */
const BEFORE_VEHICLE = new Set(['TRATATIVA_NAO_INICIADA', 'AGUARDANDO_ESCOLHA_BEM', 'AGUARDANDO_DADOS_VISTORIA', 'CADASTRAR_VEICULO_MANUAL']);

export const stateOf = (p: VehicleProcess) => p.status ?? p.estadoProcesso ?? 'TRATATIVA_NAO_INICIADA';
export const iso = (ms: number) => new Date(ms).toISOString();

/** Moves a used process: the back office keeps the process state and the status alike. */
export function moveUsed(process: VehicleProcess, estado: string): void {
  process.estadoProcesso = estado;
  process.status = estado;
}

/** The used-vehicle record of a process, created on first use. */
export function usedOf(process: VehicleProcess): UsedProcessRecord {
  process.usado ??= { veiculo: BEFORE_VEHICLE.has(stateOf(process)) ? null : seededVehicle(), simulacao: null, vistoria: emptyInspection(), reagendamentos: 0 };
  return process.usado;
}

/**
 * What the back office has done by now on its clock (called on every read of the process): a
 * brand inclusion ends after 48 h; a technical visit is done 2 h after its time; a report comes
 * 24 h after the inspection is done and the result 24 h later (approved → GARANTIA_APROVADA,
 * refused → VEICULO_RECUSADO); an approved result not used within 45 days expires (a new
 * inspection); a refused inspection's resent document is reanalysed in 48 h.
 */
export function advanceUsed(state: SandboxState, process: VehicleProcess): void {
  if (process.tipoFaturamento !== 'SEMINOVO' || !process.usado) return;
  const now = state.clock.now();
  const used = process.usado;
  const v = used.vistoria;
  if (stateOf(process) === 'CADASTRAR_VEICULO_MANUAL' && used.inclusaoDesde !== undefined && now - used.inclusaoDesde >= USED_HOURS.inclusao * HOUR) {
    delete used.inclusaoDesde;
    const name = process.pedido?.newMarca;
    if (name && !state.vehicle.brands.some((b) => b.marca.toLowerCase() === name.toLowerCase())) {
      state.vehicle.brands.push({ codigoFabricante: String(900 + state.vehicle.brands.length), marca: name, modelos: [{ codigoModelo: `${900 + state.vehicle.brands.length}001`, modelo: process.pedido?.newModelo ?? name, tipo: 'LEVE' }] });
    }
    moveUsed(process, 'AGUARDANDO_DADOS_VISTORIA');
  }
  if (v.situacao === 'AGENDADA' && v.acompanhante && now >= Date.parse(v.acompanhante.horarioVisita) + USED_HOURS.visita * HOUR) {
    v.realizadaEm = iso(Date.parse(v.acompanhante.horarioVisita) + USED_HOURS.visita * HOUR);
  }
  if (v.realizadaEm && !v.resultadoEm && (v.situacao === 'AGENDADA' || v.situacao === 'LINK_ENVIADO') && now >= Date.parse(v.realizadaEm) + USED_HOURS.laudo * HOUR) {
    v.situacao = 'LAUDO_RECEBIDO';
    v.resultadoEm = iso(Date.parse(v.realizadaEm) + USED_HOURS.laudo * HOUR);
    moveUsed(process, 'LAUDO_RECEBIDO');
  }
  if (v.situacao === 'LAUDO_RECEBIDO' && v.resultadoEm && now >= Date.parse(v.resultadoEm) + USED_HOURS.resultado * HOUR) {
    v.situacao = v.resultadoPrevisto;
    if (v.resultadoPrevisto === 'APROVADA') moveUsed(process, 'GARANTIA_APROVADA');
    else {
      v.motivoRecusa ??= 'O chassi fotografado não confere com o documento do veículo (CRLV).';
      process.respostaAnalista = v.motivoRecusa;
      moveUsed(process, 'VEICULO_RECUSADO');
    }
  }
  if (stateOf(process) === 'GARANTIA_APROVADA' && v.resultadoEm && now >= Date.parse(v.resultadoEm) + USED_DAYS.resultado * DAY) {
    // The result expired before the billing went on: a new inspection is needed.
    used.vistoria = { ...emptyInspection(), resultadoEm: v.resultadoEm };
    moveUsed(process, 'BEM_ENCONTRADO');
  }
  if (stateOf(process) === 'PENDENTE_RETORNO' && used.reanaliseDesde !== undefined && now - used.reanaliseDesde >= USED_HOURS.reanalise * HOUR) {
    delete used.reanaliseDesde;
    v.situacao = 'APROVADA';
    v.resultadoEm = iso(now);
    moveUsed(process, 'GARANTIA_APROVADA');
  }
}
