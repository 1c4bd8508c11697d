import type { FastifyInstance } from 'fastify';
import { grantOf, invalid } from '../http.js';
import { normalizeDocument } from '../state/store.js';
import type { SandboxContext } from '../context.js';

const MANDATORY_PHASE = 'Atualização Obrigatória';

/**
 * CRM cases (Salesforce composite requests, spec doc 2 §7): the customer's cases, and the
 * registration confirmation that finishes a mandatory update (phase → Ciente, via APP).
 */
export default async function caseRoutes(app: FastifyInstance, { state }: SandboxContext) {
  // Composite request (spec doc 1 §7): { compositeRequest: [{ method: 'GET', url: '…?CPF_CNPJ=…', referenceId }] }.
  app.post('/salesforce/consulta/casos', async (request, reply) => {
    const customer = state.customers.get(grantOf(request).customer)!;
    const parts = (request.body as { compositeRequest?: Array<{ url?: string; referenceId?: string }> } | undefined)?.compositeRequest;
    if (!Array.isArray(parts) || parts.length === 0) return invalid(reply, 'compositeRequest é obrigatório.');
    const compositeResponse = parts.map((part) => {
      const asked = new URL(part.url ?? '', 'http://crm.local').searchParams.get('CPF_CNPJ');
      const own = asked !== null && normalizeDocument(asked) === customer.document;
      return { referenceId: part.referenceId ?? 'casos', httpStatusCode: 200, body: { totalSize: own ? (customer.casos ?? []).length : 0, records: own ? caseRecords() : [] } };
    });
    return { compositeResponse };

    function caseRecords() {
      return (customer.casos ?? []).map((c) => ({
        CaseNumber: c.numero,
        Type: c.tipo,
        Status: c.status,
        Fase__c: c.fase,
        Description: c.descricao ?? null,
        CreatedDate: state.clock.day(-c.criadoHaDias).split('-').reverse().join('/'),
      }));
    }
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
