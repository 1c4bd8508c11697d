import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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
        Observacao__c: c.observacao ?? null,
        DadosApp__c: c.dadosApp ?? (c.dadosBancarios ? JSON.stringify({ dadosBancarios: c.dadosBancarios }) : null),
        DocumentosIlegiveis__c: c.documentosIlegiveis?.join(';') ?? null,
      }));
    }
  });

  // Case update (doc 1 §7): Fase__c, Origin, Observacao__c, DadosApp__c — the app keeps its progress there.
  const CaseUpdate = z.object({ Origin: z.string().min(1), Fase__c: z.string().optional(), Observacao__c: z.string().max(2000).optional(), DadosApp__c: z.string().max(20_000).optional() });
  app.post('/salesforce/contemplacao/casos/:caseNumber', async (request, reply) => {
    const customer = state.customers.get(grantOf(request).customer)!;
    const kase = (customer.casos ?? []).find((c) => c.numero === (request.params as { caseNumber: string }).caseNumber);
    const body = CaseUpdate.safeParse(request.body);
    if (!kase) return reply.code(404).send({ compositeResponse: [{ httpStatusCode: 404, body: [{ message: 'Caso não encontrado.' }] }] });
    if (!body.success) return invalid(reply, 'Origin é obrigatório.');
    if (body.data.Fase__c) kase.fase = body.data.Fase__c;
    if (body.data.Observacao__c !== undefined) kase.observacao = body.data.Observacao__c;
    if (body.data.DadosApp__c !== undefined) kase.dadosApp = body.data.DadosApp__c;
    return { compositeResponse: [{ httpStatusCode: 200, body: { CaseNumber: kase.numero } }] };
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
