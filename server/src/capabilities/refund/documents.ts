import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import {
  COMPANY_REFUND_DOCUMENTS,
  PARTNER_REFUND_DOCUMENTS,
  PERSON_REFUND_DOCUMENTS,
  PERSONAL_DOCUMENTS,
  personalPagesProblem,
  type RefundDocument,
} from '../../domain/refund.js';
import { checkDocumentFiles, documentForm, REFUND_UPLOADS, requestAnalysis, uploadAll } from '../../flow-parts/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { DECIDE, DEVOLUCAO, isCompany, NOT_ALLOWED, quotaIdOf, refundAccess, refundOf, refusalOf } from './flow.js';
import type { RefundData } from './refund-upstream.js';

/** Fields whose first field is the identity document type. */
const IDENTITY_FIELDS = new Set(['documentoPessoal', 'documentoSocio']);

type Step = 'identificacao' | 'socio' | 'reenvio';
const STEP_OF_ROUTE: Record<string, Step> = {
  [`${DEVOLUCAO}/validar-identificacao`]: 'identificacao',
  [`${DEVOLUCAO}/documento-socio`]: 'socio',
  [`${DEVOLUCAO}/reenviar-documentos`]: 'reenvio',
};
const RESEND_STATUSES = new Set(['PENDENCIA_CLIENTE', 'DOCUMENTOS_ADICIONAIS', 'REANALISE']);

/**
 * The refund's documents (doc 2 §3.7): a person's personal document (RG, CNH, RNE, CPF,
 * armed-forces certificate, class council card, work card), bank documents and a selfie; a company's
 * social contract and bank statement, then its representative partner's ID and selfie
 * (/devolucao/documento-socio); what the analysis refused is sent again. Each file is checked here by
 * content (JPEG, PNG, PDF, TIFF), size (8 MB) and count before anything goes upstream.
 */
export default async function refundDocuments(app: FastifyInstance) {
  /** The fields a step asks; null when the step is not where the refund stands. */
  function fieldsFor(u: CustomerUpstream, step: Step, data: RefundData): readonly RefundDocument[] | null {
    const company = isCompany(u);
    if (step === 'reenvio') {
      if (!RESEND_STATUSES.has(data.status ?? '')) return null;
      const own = company ? [...COMPANY_REFUND_DOCUMENTS, ...PARTNER_REFUND_DOCUMENTS] : PERSON_REFUND_DOCUMENTS;
      const refused = own.filter((d) => data.documentosRecusados.some((r) => r.toLowerCase() === d.label.toLowerCase() || r.toLowerCase().startsWith(d.label.toLowerCase())));
      return refused.length > 0 ? refused : own;
    }
    if (data.status !== 'NAO_INICIADO' || !data.dadosBancarios) return null;
    if (step === 'socio') return company ? PARTNER_REFUND_DOCUMENTS : null;
    return company ? COMPANY_REFUND_DOCUMENTS : PERSON_REFUND_DOCUMENTS;
  }

  app.screens.register('devolucao-documentos', async (ctx) => {
    const u = ctx.upstream!;
    if (!(await refundAccess(u)).allowed) return NOT_ALLOWED;
    const step = STEP_OF_ROUTE[ctx.route.path] ?? 'identificacao';
    const data = await refundOf(u);
    const list = data ? fieldsFor(u, step, data) : null;
    if (!list) return DECIDE;
    const identity = list.some((d) => IDENTITY_FIELDS.has(d.id));
    const form = documentForm(list, REFUND_UPLOADS);
    // A personal document comes with its type first (the pages it needs depend on it).
    const typeField = { tipoDocumento: { type: 'string', title: app.text('devolucao.documentos.tipo'), enum: PERSONAL_DOCUMENTS.map((d) => d.id), errorMessage: app.text('devolucao.erro.tipo-documento') } };
    return {
      titulo: app.text(`devolucao.documentos.${step}.titulo`),
      texto: app.text(`devolucao.documentos.${step}.texto`),
      etapa: step,
      schema: identity ? { ...form.schema, required: ['tipoDocumento', ...form.schema.required], properties: { ...typeField, ...form.schema.properties } } : form.schema,
      uiSchema: identity ? { ...form.uiSchema, tipoDocumento: { 'ui:enumNames': PERSONAL_DOCUMENTS.map((d) => d.label) } } : form.uiSchema,
      formData: form.formData,
    };
  });

  app.actions.register('refund/documents', {
    filesGo: 'the back office’s file store (`files.upload`, category `devolucao`), then attached to the refund case',
    bodyLimit: 60 * 1024 * 1024,
    files: REFUND_UPLOADS,
    input: z
      .object({ etapa: z.enum(['identificacao', 'socio', 'reenvio']), tipoDocumento: z.string().max(20).optional() })
      .catchall(z.array(z.string()).max(10)),
    async handler(input, { upstream }): Promise<ActionResult> {
      const u = upstream!;
      const step = input.etapa;
      const errors: Record<string, string> = {};
      const data = await refundOf(u);
      const list = data ? fieldsFor(u, step, data) : null;
      if (!list) return { kind: 'navigate', to: DEVOLUCAO };
      const identity = list.some((d) => IDENTITY_FIELDS.has(d.id));
      const type = input.tipoDocumento;
      if (identity && !PERSONAL_DOCUMENTS.some((d) => d.id === type)) errors.tipoDocumento = app.text('devolucao.erro.tipo-documento');
      const { etapa: _step, tipoDocumento: _type, ...sent } = input;
      const checked = checkDocumentFiles(sent, list, { rules: REFUND_UPLOADS });
      if (!checked.ok) Object.assign(errors, checked.errors);
      // The personal (or partner's) document needs the pages its type has (rg 2, ctps 3…), one file per page.
      for (const doc of list) {
        const pages = IDENTITY_FIELDS.has(doc.id) && type && !errors[doc.id] ? personalPagesProblem(type, (sent[doc.id] ?? []).filter(Boolean).length) : null;
        if (pages) errors[doc.id] = pages;
      }
      if (Object.keys(errors).length) return { kind: 'field-errors', errors };
      try {
        // The type sent upstream is the one the content shows, never the one the name claims.
        const ids = await uploadAll(u, checked.ok ? checked.files : [], 'devolucao');
        const verb = step === 'reenvio' ? 'solicitar-reanalise' : isCompany(u) ? 'solicitar-empresa' : 'solicitar';
        const answer = await requestAnalysis(u, verb, { idCota: quotaIdOf(u), processo: 'DEVOLUCAO', arquivos: ids, documentos: list.map((d) => d.id) });
        // A company's documents wait for its partner's; otherwise the analysis is running.
        return { kind: 'navigate', to: answer.status === 'NAO_INICIADO' ? `${DEVOLUCAO}/documento-socio` : `${DEVOLUCAO}/analisando-informacoes` };
      } catch (err) {
        return refusalOf(app, err);
      }
    },
  });
}

