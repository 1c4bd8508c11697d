import { service } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import type { FastifyInstance } from 'fastify';
import { grantOf, notFound } from '../http.js';
import type { SandboxContext } from '../context.js';

const STATUS: Record<string, string> = { ANDAMENTO: 'EM_ANDAMENTO', FORMACAO: 'FORMACAO', ENCERRADO: 'ENCERRADO' };

/** Group situation (spec doc 1 §7 GET core/grupo/situacao) of the quota the token was issued for. */
export default async function groupRoutes(app: FastifyInstance, { state }: SandboxContext) {
  serve(app, service.groupSituation, async (request, reply) => {
    const grant = grantOf(request);
    const quota = grant.idCota === undefined ? undefined : state.quotas.get(grant.idCota);
    if (!quota || quota.owner !== grant.customer) return notFound(reply, 'Cota não selecionada.');
    const participantes = Math.max(quota.prazoMeses * 2, 100);
    return {
      grupo: quota.grupo,
      situacao: STATUS[quota.statusGrupo] ?? quota.statusGrupo,
      prazoMeses: quota.prazoMeses,
      assembleiaAtual: quota.assembleiaAtual,
      proximaAssembleia: quota.proximaAssembleiaEmDias === undefined ? null : state.clock.day(quota.proximaAssembleiaEmDias),
      participantesAtivos: participantes,
      contemplados: Math.min(participantes, quota.assembleiaAtual * 2),
    };
  });
}
