import { crm, crmCases, registration } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { grantOf, invalid } from '../http.js';
import { normalizeDocument } from '../state/store.js';
import type { SandboxContext } from '../context.js';

const MANDATORY_PHASE = 'Atualização Obrigatória';
/** The case type of a cash-credit payment (its case tells the app the flow has started). */
export const CASH_CREDIT_CASE = 'Pagamento de Crédito em Espécie';

/** The CRM account id of a customer (stable per CPF/CNPJ). */
const accountIdOf = (document: string) => `001${document.padStart(15, '0')}`;

/**
 * CRM cases (Salesforce composite requests, spec doc 2 §7): the customer's cases, and the
 * registration confirmation that finishes a mandatory update (phase → Ciente, via APP).
 */
export default async function caseRoutes(app: FastifyInstance, { state }: SandboxContext) {
  // Composite request (spec doc 1 §7): { compositeRequest: [{ method: 'GET', url: '…?CPF_CNPJ=…', referenceId }] }.
  serve(app, crm.cases, async (request, reply) => {
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
        IdExternoCota: c.idExternoCota ?? null,
      }));
    }
  });

  // The customer's CRM account id (doc 2 §7 salesforce/consulta/accountid), needed to open a case.
  serve(app, crmCases.accountId, async (request, reply) => {
    const body = z.object({ CPF_CNPJ: z.string().min(11) }).safeParse(request.body);
    if (!body.success) return invalid(reply, 'CPF_CNPJ é obrigatório.');
    const customer = state.customers.get(grantOf(request).customer)!;
    if (normalizeDocument(body.data.CPF_CNPJ) !== customer.document) return reply.code(404).send({ message: 'Conta não encontrada.' });
    return { accountId: accountIdOf(customer.document) };
  });

  // Case creation (doc 1 §7, doc 2 §7): a composite request on CRM API v43.0 with the account, the
  // related quota by external id, Type and Description. The composite answer carries 201 when the
  // case was opened; a second case of the same type in progress for the quota is refused (400).
  const CaseCreate = z.object({
    compositeRequest: z
      .array(
        z.object({
          method: z.literal('POST'),
          url: z.string().includes('/v43.0/'),
          referenceId: z.string().min(1),
          body: z.object({ AccountId: z.string().min(1), Cota__r: z.object({ IdExterno__c: z.string().min(1) }), Type: z.string().min(1), Description: z.string().max(2000).optional(), Origin: z.string().optional() }),
        }),
      )
      .length(1),
  });
  serve(app, crmCases.create, async (request, reply) => {
    const parsed = CaseCreate.safeParse(request.body);
    if (!parsed.success) return invalid(reply, 'compositeRequest com AccountId, Cota__r.IdExterno__c e Type é obrigatório (API v43.0).');
    const [part] = parsed.data.compositeRequest;
    const customer = state.customers.get(grantOf(request).customer)!;
    const quota = state.quotas.get(Number(part!.body.Cota__r.IdExterno__c));
    const refuse = (message: string, errorCode: string) => ({ compositeResponse: [{ referenceId: part!.referenceId, httpStatusCode: 400, body: [{ errorCode, message }] }] });
    if (part!.body.AccountId !== accountIdOf(customer.document)) return refuse('Conta inválida.', 'INVALID_CROSS_REFERENCE_KEY');
    if (!quota || quota.owner !== grantOf(request).customer) return refuse('Cota não encontrada.', 'INVALID_CROSS_REFERENCE_KEY');
    const open = (customer.casos ?? []).some((c) => c.tipo === part!.body.Type && c.idExternoCota === String(quota.idCota) && (c.status === 'EM_ANDAMENTO' || c.status === 'ESCALADO'));
    if (open) return refuse('Já existe um caso em andamento deste tipo para a cota.', 'DUPLICATE_VALUE');
    const numero = String(50_000 + state.nextCaseNumber++).padStart(8, '0');
    customer.casos = [{ numero, tipo: part!.body.Type, status: 'EM_ANDAMENTO', fase: 'Tratativa não Iniciada', criadoHaDias: 0, idExternoCota: String(quota.idCota), ...(part!.body.Description ? { descricao: part!.body.Description } : {}) }, ...(customer.casos ?? [])];
    if (part!.body.Type === CASH_CREDIT_CASE && quota.processos?.especie) quota.processos.especie.possuiCaso = true;
    return { compositeResponse: [{ referenceId: part!.referenceId, httpStatusCode: 201, body: { id: `500${numero}`, success: true, CaseNumber: numero } }] };
  });

  // Case update (doc 1 §7): Fase__c, Origin, Observacao__c, DadosApp__c — the app keeps its progress there.
  const CaseUpdate = z.object({ Origin: z.string().min(1), Fase__c: z.string().optional(), Observacao__c: z.string().max(2000).optional(), DadosApp__c: z.string().max(20_000).optional() });
  serve(app, crmCases.update, async (request, reply) => {
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

  serve(app, registration.confirm, async (request) => {
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
