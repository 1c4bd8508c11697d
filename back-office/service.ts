import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** Doc 1 §7: branches (GET filiais by state and city), the group situation of the selected quota, assemblies, the flow evaluation. */

export const Branch = z.object({
  id: z.number().int(),
  estado: z.string(),
  cidade: z.string(),
  nome: z.string(),
  endereco: z.string(),
  telefone: z.string(),
  horario: z.string().optional(),
});
export type Branch = z.infer<typeof Branch>;

export const GroupSituation = z.object({
  grupo: z.string(),
  situacao: z.string(),
  prazoMeses: z.number().int().optional(),
  assembleiaAtual: z.number().int().optional(),
  proximaAssembleia: z.string().nullish(),
  participantesAtivos: z.number().int().optional(),
  contemplados: z.number().int().optional(),
});
export type GroupSituation = z.infer<typeof GroupSituation>;

export const Assembly = z.object({ numero: z.number().int(), data: z.string(), realizada: z.boolean().optional() });
/** A quota the assembly contemplated, and how: by draw or by bid. */
export const ContemplatedQuota = z.object({ cota: z.string(), modalidade: z.enum(['SORTEIO', 'LANCE']) });
export const AssemblyResult = z.object({
  numero: z.number().int(),
  data: z.string(),
  situacao: z.enum(['CONCLUIDA', 'AGUARDANDO_APURACAO']),
  /** The numbers drawn (the federal lottery's prizes, in order), from which the draw contemplates; empty while awaiting tally. */
  numerosSorteados: z.array(z.string()),
  /** The quotas contemplated in the assembly, by draw and by bid; absent while awaiting tally. */
  cotasContempladas: z.array(ContemplatedQuota).optional(),
  contemplacoes: z.object({ sorteio: z.number().int(), lance: z.number().int() }).optional(),
});
export type AssemblyResult = z.infer<typeof AssemblyResult>;

export const service = {
  branches: endpoint({
    method: 'GET',
    path: 'filiais',
    query: z.object({ estado: z.string(), cidade: z.string().optional(), limit: z.number().int() }),
    answer: z.object({ data: z.array(Branch) }),
    /** Branches open and close by the month: the same list for everyone, by state and city. */
    keep: { for: 'everyone', seconds: 3600, refreshAfterSeconds: 1800 },
  }),
  groupSituation: endpoint({ method: 'GET', path: 'core/grupo/situacao', answer: GroupSituation }),
};

export const assemblies = {
  calendar: endpoint({
    method: 'GET',
    path: 'cotas/{id}/assembleias/calendario',
    group: 'cotas/assembleias',
    answer: z.object({ assembleias: z.array(Assembly), prazo: z.number().int().optional(), statusGrupo: z.string().optional() }),
    /** The group's calendar is set for its term; read by the customer's quota, so kept for that customer only. */
    keep: { for: 'customer', seconds: 300, refreshAfterSeconds: 150 },
  }),
  result: endpoint({ method: 'GET', path: 'cotas/{id}/assembleias/resultado/{n}', group: 'cotas/assembleias', answer: AssemblyResult }),
  /** The result of the last assembly held, in one call (the spec's dashboard result); 404 before the group's first assembly. */
  lastResult: endpoint({ method: 'GET', path: 'cotas/{id}/dashboard/resultado-assembleia', group: 'cotas/assembleias', answer: AssemblyResult }),
};

/** POST usuarios/avaliacoes: a flow's evaluation (name of the flow, GOSTEI or NAO_GOSTEI, partner, group-quota). */
export const evaluation = {
  send: endpoint({
    method: 'POST',
    path: 'usuarios/avaliacoes',
    body: z.object({ name: z.string(), answer: z.enum(['GOSTEI', 'NAO_GOSTEI']), partner: z.number().int(), group_quota: z.string() }),
    answer: z.unknown(),
  }),
};
