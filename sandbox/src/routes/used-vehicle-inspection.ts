import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { usedVehicle } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import { invalid, notFound } from '../http.js';
import type { SandboxContext } from '../context.js';
import type { QuotaRecord, SandboxState } from '../state/store.js';
import { emptyInspection, PLATES, seededVehicle, USED_DAYS, USED_HOURS, type UsedProcessRecord } from '../state/used-vehicle.js';
import type { VehicleProcess } from '../state/vehicle.js';
import { creditOf, processOf, refuse, vehicleQuota } from './vehicle-process.js';
import { DAY, advanceUsed, iso, moveUsed, stateOf, usedOf } from '../state/used-vehicle-progress.js';

const PLATE = /^[A-Z]{3}\d[A-Z0-9]\d{2}$/;
/** The re-inspection after a no-show (doc 2 §9). */
const NO_SHOW_FEE = 75;
const INSPECTION_FEE = 150;

const SelectBody = z.object({ marca: z.string().min(1), codigoFabricante: z.string(), modelo: z.string().min(1), anos: z.string().regex(/^\d{4}\/\d{4}$/), cor: z.string(), tipo: z.string(), valor: z.number().positive(), placa: z.string().optional(), uf: z.string().optional(), chassi: z.string().optional(), renavam: z.string().optional() });

/** selecionar-veiculo for a used vehicle: records it (plate, state, chassis, RENAVAM) after the simulation; the vehicle is found. */
export function selectUsedVehicle(process: VehicleProcess, body: unknown, reply: FastifyReply) {
  const parsed = SelectBody.safeParse(body);
  if (!parsed.success) return invalid(reply, 'Dados do veículo seminovo incompletos (marca, modelo, anos, cor, tipo, valor).');
  if (stateOf(process) !== 'AGUARDANDO_DADOS_VISTORIA') return refuse(reply, 'Os dados do veículo não podem mais ser alterados.');
  const b = parsed.data;
  const [fab, mod] = b.anos.split('/').map(Number) as [number, number];
  const used = usedOf(process);
  if (!used.simulacao) return refuse(reply, 'Faça a simulação antes de indicar o veículo.');
  const placa = b.placa?.toUpperCase() ?? null;
  if (placa !== null && !PLATE.test(placa)) return invalid(reply, 'placa fora do formato ABC1D23 ou ABC1234.');
  used.veiculo = { placa, marca: b.marca, codigoFabricante: b.codigoFabricante || null, modelo: b.modelo, anoFabricacao: fab, anoModelo: mod, cor: b.cor.trim(), fipe: b.valor, uf: b.uf ?? null, chassi: b.chassi ?? null, renavam: b.renavam ?? null, tipo: b.tipo, encontrado: placa !== null && PLATES.get(placa)?.placa === placa, aprovada: true };
  used.vistoria = emptyInspection();
  moveUsed(process, 'BEM_ENCONTRADO');
  return { status: 'BEM_ENCONTRADO' };
}

/** cadastrar-veiculo for a used vehicle whose brand is not in the list: CADASTRAR_VEICULO_MANUAL for up to 48 h. */
export function registerUsedVehicle(state: SandboxState, process: VehicleProcess, body: { newMarca?: string; newModelo?: string; ano?: string; cor?: string }, reply: FastifyReply) {
  if (!body.newMarca?.trim() || !body.newModelo?.trim()) return invalid(reply, 'newMarca e newModelo são obrigatórios.');
  if (stateOf(process) !== 'AGUARDANDO_DADOS_VISTORIA') return refuse(reply, 'Os dados do veículo já foram informados.');
  process.pedido = { ...process.pedido, newMarca: body.newMarca.trim(), newModelo: body.newModelo.trim(), ano: body.ano ?? '', cor: (body.cor ?? '').trim() };
  usedOf(process).inclusaoDesde = state.clock.now();
  moveUsed(process, 'CADASTRAR_VEICULO_MANUAL');
  return { status: 'CADASTRAR_VEICULO_MANUAL' };
}

/**
 * Used vehicle up to the inspection (doc 2 §7): the plate lookup (404 when unknown; MAR6F60
 * answers the brand without the plate), the simulation, the recorded vehicle, the inspection and
 * its schedule (digital: a link; technical: address and companion, a visit in the future; the
 * R$ 150,00 fee once, R$ 75,00 for a re-inspection after a no-show), and the reanalysis of a
 * refused inspection.
 */
export default async function usedVehicleInspectionRoutes(app: FastifyInstance, { state }: SandboxContext) {
  const usedProcess = (request: Parameters<typeof vehicleQuota>[1], reply: FastifyReply): { quota: QuotaRecord; process: VehicleProcess } | null => {
    const quota = vehicleQuota(state, request, reply);
    if (!quota) return null;
    const process = processOf(state, quota, reply);
    if (!process) return null;
    if (process.tipoFaturamento !== 'SEMINOVO') {
      void refuse(reply, 'Este faturamento não é de veículo seminovo.');
      return null;
    }
    usedOf(process);
    advanceUsed(state, process);
    return { quota, process };
  };

  serve(app, usedVehicle.plateLookup, async (request, reply) => {
    if (!usedProcess(request, reply)) return reply;
    const placa = (request.params as { placa: string }).placa.toUpperCase();
    if (!PLATE.test(placa)) return invalid(reply, 'Placa fora do formato ABC1D23 ou ABC1234.');
    const found = PLATES.get(placa);
    if (!found) return notFound(reply, 'Veículo não encontrado para a placa informada.');
    return { ...found, chassiRecuperado: found.chassiRecuperado === true, historicoLeilao: found.historicoLeilao === true };
  });

  serve(app, usedVehicle.simulate, async (request, reply) => {
    const found = usedProcess(request, reply);
    if (!found) return reply;
    const { quota, process } = found;
    if (stateOf(process) !== 'AGUARDANDO_DADOS_VISTORIA') return refuse(reply, 'A simulação só pode ser feita antes de indicar o veículo.');
    const body = request.body as { anoModelo: number; valor: number };
    const year = new Date(state.clock.now()).getUTCFullYear();
    const simulacao = { valorCredito: quota.valorBem, creditoDisponivel: creditOf(quota), saldoDevedor: quota.valorSaldoDevedor, valorFipe: body.valor, idadeVeiculo: Math.max(0, year - body.anoModelo) };
    usedOf(process).simulacao = simulacao;
    return simulacao;
  });

  serve(app, usedVehicle.vehicle, async (request, reply) => {
    const found = usedProcess(request, reply);
    if (!found) return reply;
    const used = usedOf(found.process);
    return { veiculo: used.veiculo, simulacao: used.simulacao };
  });

  serve(app, usedVehicle.inspection, async (request, reply) => {
    const found = usedProcess(request, reply);
    if (!found) return reply;
    const used = usedOf(found.process);
    const { resultadoPrevisto: _hidden, realizadaEm: _done, ...v } = used.vistoria;
    return { ...v, taxasCobradas: (found.process.taxasVistoria ?? 0) * INSPECTION_FEE + (used.reagendamentos ?? 0) * NO_SHOW_FEE };
  });

  serve(app, usedVehicle.schedule, async (request, reply) => {
    const found = usedProcess(request, reply);
    if (!found) return reply;
    const { process } = found;
    const used = usedOf(process);
    const v = used.vistoria;
    const body = request.body as { tipoVistoria: 'VISTORIA_DIGITAL' | 'VISTORIA_TECNICA'; aceiteTermos?: boolean; acompanhanteVistoria?: { nome: string; telefone: string; horarioVisita: string }; endereco?: UsedProcessRecord['vistoria']['endereco'] };
    const now = state.clock.now();
    const linkExpired = v.situacao === 'LINK_ENVIADO' && !v.realizadaEm && v.linkEnviadoEm !== null && now >= Date.parse(v.linkEnviadoEm) + USED_DAYS.link * DAY;
    const noShow = v.situacao === 'NAO_COMPARECEU';
    if (stateOf(process) !== 'BEM_ENCONTRADO' && !linkExpired && !noShow) return refuse(reply, 'A vistoria deste veículo já foi solicitada.');
    if (body.aceiteTermos !== true) return invalid(reply, 'aceiteTermos deve ser true.');
    if (body.tipoVistoria === 'VISTORIA_TECNICA') {
      if (!body.endereco || !body.acompanhanteVistoria) return invalid(reply, 'Vistoria técnica exige endereco e acompanhanteVistoria.');
      const at = Date.parse(body.acompanhanteVistoria.horarioVisita);
      if (Number.isNaN(at) || at <= now) return refuse(reply, 'A data e a hora da visita devem ser futuras.');
    }
    // The fee is deducted from the credit letter once; a re-inspection after a no-show costs R$ 75,00.
    if (noShow) used.reagendamentos = (used.reagendamentos ?? 0) + 1;
    else if (v.situacao === 'NAO_INICIADA') process.taxasVistoria = (process.taxasVistoria ?? 0) + 1;
    const digital = body.tipoVistoria === 'VISTORIA_DIGITAL';
    process.isDigital = digital;
    used.vistoria = {
      ...emptyInspection(),
      resultadoPrevisto: v.resultadoPrevisto,
      tipoVistoria: body.tipoVistoria,
      situacao: digital ? 'LINK_ENVIADO' : 'AGENDADA',
      linkVistoria: digital ? `https://vistoria.sandbox.example/v/${process.dataCriacao?.slice(0, 10) ?? 'x'}-${now.toString(36)}` : null,
      linkEnviadoEm: digital ? iso(now) : null,
      endereco: digital ? null : body.endereco!,
      acompanhante: digital ? null : body.acompanhanteVistoria!,
    };
    moveUsed(process, digital ? 'VISTORIA_DIGITAL_SOLICITADA' : 'VISTORIA_AGENDADA');
    return { status: stateOf(process), linkVistoria: used.vistoria.linkVistoria };
  });

  serve(app, usedVehicle.inspectionReanalysis, async (request, reply) => {
    const found = usedProcess(request, reply);
    if (!found) return reply;
    const { process } = found;
    if (!['VEICULO_RECUSADO', 'VEICULO_PENDENTE'].includes(stateOf(process))) return refuse(reply, 'Não há vistoria recusada para reanalisar.');
    usedOf(process).reanaliseDesde = state.clock.now();
    moveUsed(process, 'PENDENTE_RETORNO');
    return { status: 'PENDENTE_RETORNO' };
  });
}

const Control = z.object({
  /** The customer did the digital inspection (or the technical visit happened) now. */
  realizada: z.literal(true).optional(),
  resultado: z.enum(['APROVADA', 'RECUSADA']).optional(),
  motivoRecusa: z.string().optional(),
  naoCompareceu: z.literal(true).optional(),
});

/**
 * (The process state itself is set by PUT /__sandbox/personas/:persona/faturamento-seminovo in
 * vehicle-control.ts, which also resets the used-vehicle record through `usedOf`.)
 * /__sandbox/personas/:persona/vistoria: the inspection is done, its coming result, or a no-show.
 */
export async function usedVehicleControlRoutes(app: FastifyInstance, { state }: SandboxContext) {
  app.put('/personas/:persona/vistoria', async (request, reply) => {
    const body = Control.safeParse(request.body);
    const process = state.quotasOf((request.params as { persona: string }).persona)[0]?.processos?.auto;
    if (!body.success || !process || (process.tipoFaturamento !== 'SEMINOVO' && !process.estadoProcesso)) return reply.code(400).send({ message: 'Persona sem faturamento de seminovo, ou pedido inválido.' });
    usedOf(process);
    advanceUsed(state, process);
    const v = usedOf(process).vistoria;
    if (body.data.resultado) v.resultadoPrevisto = body.data.resultado;
    if (body.data.motivoRecusa) v.motivoRecusa = body.data.motivoRecusa;
    if (body.data.realizada) v.realizadaEm = iso(state.clock.now());
    if (body.data.naoCompareceu && v.situacao === 'AGENDADA') {
      v.situacao = 'NAO_COMPARECEU';
      moveUsed(process, 'AGENDAMENTO_MANUAL_VISTORIA');
    }
    return { estadoProcesso: process.estadoProcesso, vistoria: v };
  });
}
