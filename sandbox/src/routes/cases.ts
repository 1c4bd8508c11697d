import type { FastifyInstance } from 'fastify';
import { grantOf } from '../http.js';
import type { SandboxContext } from '../context.js';

const MANDATORY_PHASE = 'Atualização Obrigatória';

/**
 * CRM cases (Salesforce composite requests, spec doc 2 §7): the customer's cases, and the
 * registration confirmation that finishes a mandatory update (phase → Ciente, via APP).
 */
export default async function caseRoutes(app: FastifyInstance, { state }: SandboxContext) {
  app.get('/salesforce/consulta/casos', async (request) => {
    const customer = state.customers.get(grantOf(request).customer)!;
    return {
      records: (customer.casos ?? []).map((c) => ({
        CaseNumber: c.numero,
        Type: c.tipo,
        Status: c.status,
        Fase__c: c.fase,
        Description: c.descricao ?? null,
        CreatedDate: state.clock.day(-c.criadoHaDias).split('-').reverse().join('/'),
      })),
    };
  });

  app.get('/core/dados-cadastrais/confirmar-dados', async (request) => {
    const customer = state.customers.get(grantOf(request).customer)!;
    for (const c of customer.casos ?? []) {
      if (c.fase === MANDATORY_PHASE) {
        c.fase = 'Ciente';
        c.status = 'FECHADO';
      }
    }
    customer.atualizacaoCadastralObrigatoria = false;
    return { confirmado: true };
  });
}
