import type { FastifyInstance } from 'fastify';
import { vehicleBilling } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import { invalid } from '../http.js';
import type { SandboxContext } from '../context.js';
import { INSPECTION_FEE } from '../state/vehicle.js';
import { billingState, processOf, refuse, serveVehicleProcess, vehicleQuota } from './vehicle-process.js';

/** Statuses from which the billing may start (doc 2 §4.5), and the wait for the choice of good. */
const STARTABLE = new Set(['TRATATIVA_NAO_INICIADA', 'SLA_VIOLADO', 'DOCUMENTO_EXPIRADO', 'PRAZO_FINALIZADO', 'AGUARDANDO_ESCOLHA_BEM']);

/**
 * Vehicle billing, the process (doc 2 §7 core/faturamento/auto): status, validar, iniciar,
 * reiniciar-fluxo (charges the inspection fee again), iniciar-manual, cotas-aptas,
 * documentos-para-validacao, programar-pagamento and resolver-pendencia-detran. Only contemplated
 * auto or pesados quotas bill a vehicle.
 */
export default async function vehicleBillingRoutes(app: FastifyInstance, { state }: SandboxContext) {
  serveVehicleProcess(app, state, vehicleBilling.status, async (quota, process) => billingState(quota, process));

  serve(app, vehicleBilling.check, async (request, reply) => {
    const quota = vehicleQuota(state, request, reply);
    if (!quota) return reply;
    const vehicle = quota.tipo === 'auto' || quota.tipo === 'pesados';
    const contemplated = quota.contempladaHaDias !== undefined;
    const cancelled = quota.situacaoCota === 'CANCELADO';
    const restricao = quota.codigoRestricao ? { codigoRetorno: quota.codigoRestricao, mensagem: 'CPF/CNPJ com restrição.' } : null;
    const motivo = !vehicle ? 'Somente cotas de veículo faturam um veículo.' : !contemplated ? 'A cota ainda não foi contemplada.' : cancelled ? 'A cota está cancelada.' : null;
    return { podeFaturar: motivo === null && !restricao, motivo, restricao, cotaQuitada: quota.situacaoCota === 'QUITADO' };
  });

  serve(app, vehicleBilling.start, async (request, reply) => {
    const quota = vehicleQuota(state, request, reply);
    if (!quota) return reply;
    const { tipoFaturamento } = request.query as { tipoFaturamento?: string };
    if (tipoFaturamento !== 'NOVO' && tipoFaturamento !== 'SEMINOVO') return invalid(reply, 'tipoFaturamento deve ser NOVO ou SEMINOVO.');
    if ((quota.tipo !== 'auto' && quota.tipo !== 'pesados') || quota.contempladaHaDias === undefined) return refuse(reply, 'Somente cotas de veículo contempladas faturam um veículo.');
    if (quota.codigoRestricao === 27) return reply.code(422).send({ code: '27', message: 'CPF/CNPJ com restrição.' });
    quota.processos = { ...quota.processos, auto: quota.processos?.auto ?? { status: 'TRATATIVA_NAO_INICIADA', criadoHaDias: 0 } };
    const process = processOf(state, quota, reply)!;
    if (!STARTABLE.has(process.status!)) return refuse(reply, 'O faturamento desta cota já está em andamento.');
    process.tipoFaturamento = tipoFaturamento;
    process.status = tipoFaturamento === 'NOVO' ? 'AGUARDANDO_DADOS_VEICULO' : 'AGUARDANDO_DADOS_VISTORIA';
    if (tipoFaturamento === 'SEMINOVO') process.estadoProcesso = 'AGUARDANDO_DADOS_VISTORIA';
    return { status: process.status };
  });

  serveVehicleProcess(app, state, vehicleBilling.restart, async (_quota, process, _request, reply) => {
    if (['AGUARDANDO_PAGAMENTO', 'PAGAMENTO_LIBERADO', 'PAGAMENTO_ENVIADO'].includes(process.status!)) return refuse(reply, 'O pagamento já foi programado: o faturamento não pode ser reiniciado.');
    // A new process: the inspection fee is charged again, the deadline counts from now.
    process.taxasVistoria = (process.taxasVistoria ?? 0) + 1;
    process.status = process.tipoFaturamento === 'SEMINOVO' ? 'AGUARDANDO_DADOS_VISTORIA' : 'AGUARDANDO_DADOS_VEICULO';
    process.dataCriacao = new Date(state.clock.now()).toISOString();
    process.fluxoManual = false;
    delete process.pedido;
    delete process.inclusaoDesde;
    delete process.analiseDesde;
    delete process.respostaAnalista;
    // A used vehicle starts over from the simulation: the process state with it, no vehicle, no inspection.
    if (process.tipoFaturamento === 'SEMINOVO') {
      process.estadoProcesso = process.status;
      delete process.usado;
    }
    return { status: process.status, taxaVistoria: INSPECTION_FEE };
  });

  serve(app, vehicleBilling.startManual, async (request, reply) => {
    const quota = vehicleQuota(state, request, reply);
    if (!quota) return reply;
    const { motivoEncerramento } = request.body as { motivoEncerramento?: string };
    if (!motivoEncerramento) return invalid(reply, 'motivoEncerramento é obrigatório.');
    quota.processos = { ...quota.processos, auto: quota.processos?.auto ?? { status: 'TRATATIVA_NAO_INICIADA', criadoHaDias: 0 } };
    const process = processOf(state, quota, reply)!;
    process.fluxoManual = true;
    process.status = 'FLUXO_MANUAL';
    process.observacao = motivoEncerramento;
    return { status: process.status };
  });

  serve(app, vehicleBilling.eligibleQuotas, async (request, reply) => {
    const quota = vehicleQuota(state, request, reply);
    if (!quota) return reply;
    const apt = state.quotasOf(quota.owner).filter((q) => (q.tipo === 'auto' || q.tipo === 'pesados') && q.contempladaHaDias !== undefined && q.situacaoCota !== 'CANCELADO');
    return { data: apt.map((q) => ({ idCota: q.idCota, grupo: q.grupo, cota: q.cota, valorCredito: q.valorBem })) };
  });

  serveVehicleProcess(app, state, vehicleBilling.documentsToValidate, async (_quota, process) => {
    if (process.status === 'PENDENCIA_NOTA_FISCAL') return { data: [{ codigo: 'CARTA_CORRECAO', descricao: 'Carta de correção', motivo: process.respostaAnalista ?? null }] };
    if (process.status === 'ENVIO_NOVA_NF' || process.status === 'DOCUMENTOS_ILEGIVEIS') return { data: [{ codigo: 'NOVA_NOTA_FISCAL', descricao: 'Nova nota fiscal', motivo: process.respostaAnalista ?? null }] };
    if (['PENDENCIA_CLIENTE', 'REANALISE_BRSCAN', 'DOCUMENTOS_ADICIONAIS_GRC'].includes(process.status!)) {
      return { data: [{ codigo: 'COMPROVANTE_RESIDENCIA', descricao: 'Comprovante de residência', motivo: process.respostaAnalista ?? 'Documento ilegível.' }] };
    }
    return { data: [] };
  });

  serveVehicleProcess(app, state, vehicleBilling.schedulePayment, async (_quota, process, _request, reply) => {
    if (process.status !== 'PROGRAMAR_PAGAMENTO') return refuse(reply, 'O pagamento só pode ser programado depois da análise da nota fiscal.');
    process.status = 'AGUARDANDO_PAGAMENTO';
    process.eventos = [{ situacao: 'Aberto', descricao: 'Pagamento programado', em: new Date(state.clock.now()).toISOString() }];
    // A used vehicle: the process state follows, the payment to the seller is in progress.
    if (process.tipoFaturamento === 'SEMINOVO') Object.assign(process, { estadoProcesso: 'AGENDAMENTO_PAGAMENTO_EM_ANDAMENTO', statusPagamento: 'PAGAMENTO_EM_ANDAMENTO' });
    return { status: process.status };
  });

  serveVehicleProcess(app, state, vehicleBilling.resolveDetran, async (_quota, process, _request, reply) => {
    if (process.status !== 'PENDENCIA_DETRAN') return refuse(reply, 'Não há pendência no Detran para esta cota.');
    process.status = 'AGUARDANDO_PAGAMENTO';
    process.eventos = [...(process.eventos ?? []), { situacao: 'Aberto', descricao: 'Pendência no Detran resolvida', em: new Date(state.clock.now()).toISOString() }];
    return { status: process.status };
  });
}
