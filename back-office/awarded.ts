import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * The awarded (contemplated) flow of a quota (doc 2 §2.2, §4.3): its status, the draw and offer
 * conditions, the offer confirmation (terms locked once confirmed), the verification results with
 * the restriction (return code 27), the guarantee and heavy-vehicle type, the restart of an
 * expired document deadline. The spec does not name these paths; they live under core/contemplacao.
 */
export const AWARDED_STATUSES = [
  'NAO_INICIADO', 'TRIAGEM_EM_ANDAMENTO', 'AGUARDANDO_ANALISE_INTERNA', 'AGUARDANDO_REANALISE_INTERNA', 'RETORNO_CLIENTE_REANALISE',
  'CADASTRO_APROVADO', 'CADASTRO_APROVADO_COMITE', 'CADASTRO_NAO_APROVADO', 'CADASTRO_REPROVADO', 'CADASTRO_REPROVADO_COMITE',
  'PENDENCIA_CLIENTE', 'PRAZO_FINALIZADO', 'PENDENCIA_CLIENTE_REANALISE', 'CASO_EXPIRADO',
] as const;
export const AwardedStatus = z.enum(AWARDED_STATUSES);
export type AwardedStatus = z.infer<typeof AwardedStatus>;

export const Restriction = z.object({ codigoRetorno: z.number().int(), mensagem: z.string() });

export const AwardedFlowData = z.object({
  status: AwardedStatus,
  /** Contemplation type code: LL, LF, LS, PE, VL, PZ, PC, SO, SE. */
  modalidadeContemplacao: z.string().nullable(),
  dataContemplacao: z.string().nullable(),
  /** When the offer (terms) was confirmed: from then on it is locked. */
  termoAceitoEm: z.string().nullable(),
  garantia: z.string().nullable(),
  tipoPesado: z.string().nullable(),
  /** Deadline to send the documents (YYYY-MM-DD). */
  prazoDocumentos: z.string().nullable(),
  /** The credit sieve (CodigoCrivo__c, DecisaoDoCrivo__c, StatusCrivo__c), once run. */
  crivo: z.object({ codigo: z.string(), decisao: z.string(), status: z.string(), valorAprovado: z.number().nullable() }).nullable(),
  /** Why the registration was not approved (failed analysis). */
  motivo: z.string().nullable(),
});
export type AwardedFlowData = z.infer<typeof AwardedFlowData>;

export const AwardedConditions = z.object({
  modalidadeContemplacao: z.string().nullable(),
  dataContemplacao: z.string().nullable(),
  assembleia: z.number().int(),
  valorCredito: z.number(),
  valorSaldoDevedor: z.number(),
  /** Offer rules of the quota's group (option codes; 003 = keys). */
  regrasOferta: z.array(z.object({ codigo: z.string(), descricao: z.string() })),
  /** What the customer agrees to when confirming the offer. */
  condicoes: z.array(z.string()),
});
export type AwardedConditions = z.infer<typeof AwardedConditions>;

export const VerificationResults = z.object({
  itens: z.array(z.object({ descricao: z.string(), aprovado: z.boolean() })),
  restricao: Restriction.nullable(),
});
export type VerificationResults = z.infer<typeof VerificationResults>;

const IdCota = z.object({ idCota: z.number().int() });

export const awarded = {
  status: endpoint({ method: 'GET', path: 'core/contemplacao/status', query: IdCota, answer: AwardedFlowData }),
  conditions: endpoint({ method: 'GET', path: 'core/contemplacao/condicoes', query: IdCota, answer: AwardedConditions }),
  confirmOffer: endpoint({ method: 'POST', path: 'core/contemplacao/confirmar-oferta', body: z.object({ idCota: z.number().int(), aceite: z.literal(true) }), answer: AwardedFlowData }),
  verification: endpoint({ method: 'GET', path: 'core/contemplacao/verificacao', query: IdCota, answer: VerificationResults }),
  /** The holder's restriction (return code 27 = restricted CPF/CNPJ), or null. */
  restriction: endpoint({ method: 'GET', path: 'core/contemplacao/restricao', query: IdCota, answer: z.object({ restricao: Restriction.nullable() }) }),
  update: endpoint({
    method: 'PATCH',
    path: 'core/contemplacao/atualizar',
    body: z.object({ idCota: z.number().int(), garantia: z.string().min(1).max(60).optional(), tipoPesado: z.string().min(1).max(60).optional() }),
    answer: AwardedFlowData,
  }),
  /** An expired document deadline starts again. */
  restart: endpoint({ method: 'POST', path: 'core/contemplacao/reiniciar', body: IdCota, answer: AwardedFlowData }),
};
