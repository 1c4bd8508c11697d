import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { BILLING_FILE_MESSAGES, billingFilesProblem, COMPANY_DOCUMENTS, NEW_PARTNER_DOCUMENTS, sniffType } from '../../domain/billing-documents.js';
import { isCompanyId } from '../../domain/format.js';
import { pagesProblem } from '../../domain/identity-documents.js';
import { additionalDocuments, DOCUMENT_LABELS, documentsToSend, type DocumentId } from '../../domain/income-documents.js';
import { billingOf, ESPECIE, refusalOf } from './flow.js';
import { parseDataUrl, uploadFile } from '../../upstream/files.js';
import { billingCase, progressOf, saveProgress } from './progress.js';

/** Files per field: the personal document up to 3 pages (a CTPS), payslips 3, invoices 6, statements 3, a selfie 1, the rest 2. */
const MAX_FILES: Partial<Record<DocumentId, number>> = { documentoPessoal: 3, holerites: 3, notaFiscal: 6, extratoBancario: 3, selfie: 1, comprovanteResidencia: 1 };
/** A person's document field: its label (the name the analysis uses) and, for the personal document, the chosen type in the title. */
const personDoc = (id: DocumentId, identityType?: string): { id: string; label: string; title?: string; max: number } => ({
  id,
  label: DOCUMENT_LABELS[id],
  ...(id === 'documentoPessoal' && identityType ? { title: `${DOCUMENT_LABELS[id]} (${identityType})` } : {}),
  max: MAX_FILES[id] ?? 2,
});
const ALL_PERSON_DOCUMENTS = (Object.keys(DOCUMENT_LABELS) as DocumentId[]).map((d) => personDoc(d));

const ANY_TYPE = ['application/pdf', 'image/jpeg', 'image/jpg', 'image/png', 'application/octet-stream', 'text/plain'];

/**
 * Documents of cash billing: /faturamentoespecie/documento-rejeitado lists what the analysis
 * refused (DocumentosIlegiveis__c of the case) and /faturamentoespecie/anexar-documentos sends
 * them again (company: company, partner documents; person: identity, residence, statement).
 * Each file is checked here by content (PDF or JPEG by magic bytes), size (6 MB) and count
 * before anything goes upstream; then arquivos/v2 and the document analysis request.
 */
export default async function billingDocuments(app: FastifyInstance) {
  type Upstream = import('../../plugins/core/customer-upstream.js').CustomerUpstream;
  const refusedOf = (kase: Awaited<ReturnType<typeof billingCase>>) => (kase?.DocumentosIlegiveis__c ?? '').split(';').map((d) => d.trim()).filter(Boolean);

  /**
   * The fields to ask now: the refused documents when the analysis refused some; else, for a
   * company, its documents; for a person, what the income type still needs (selfie after the
   * personal document).
   */
  async function fieldsFor(upstream: Upstream) {
    const [kase, data] = await Promise.all([billingCase(upstream), billingOf(upstream)]);
    const refused = new Set(refusedOf(kase));
    const progress = progressOf(kase);
    const company = isCompanyId(upstream.session.data.customer.inscricaoNacional);
    const companyList = [...COMPANY_DOCUMENTS, ...(progress.novoSocio ? NEW_PARTNER_DOCUMENTS : [])];
    const all = company ? companyList : ALL_PERSON_DOCUMENTS;
    const base = { kase, progress, company, additional: false, resend: false };
    if (refused.size > 0) return { ...base, resend: true, list: all.filter((d) => refused.has(d.label)) };
    if (company) return { ...base, list: companyList };
    // The analysis asked for additional documents (DOCUMENTOS_ADICIONAIS_GRC): the income type's full list.
    if (data?.status === 'DOCUMENTOS_ADICIONAIS_GRC') return { ...base, additional: true, list: additionalDocuments(progress.tipoRenda ?? '', progress.enviados).map((d) => personDoc(d)) };
    return { ...base, list: documentsToSend(progress.tipoRenda ?? '', progress.enviados).map((d) => personDoc(d, progress.tipoDocumento)) };
  }

  app.screens.register('especie-documentos-rejeitados', async (ctx) => {
    const docs = refusedOf(await billingCase(ctx.upstream!));
    return { documentos: docs.map((texto) => ({ texto })), temDocumentos: docs.length > 0 };
  });

  app.screens.register('especie-anexar-documentos', async (ctx) => {
    const { list, company, resend, progress } = await fieldsFor(ctx.upstream!);
    if (!resend && (company ? progress.novoSocio === undefined : !progress.tipoRenda)) return { redirect: `${ESPECIE}/identificacao` };
    if (list.length === 0) return { redirect: '/faturamento' };
    const properties = Object.fromEntries(
      list.map((d) => [d.id, { type: 'array', title: `${'title' in d && d.title ? d.title : d.label} (até ${d.max})`, minItems: 1, maxItems: d.max, items: { type: 'string', format: 'data-url' }, errorMessage: BILLING_FILE_MESSAGES.missing }]),
    );
    const uiSchema = Object.fromEntries(list.map((d) => [d.id, { 'ui:options': { orderable: false, copyable: false, accept: '.pdf,.jpg,.jpeg' } }]));
    return {
      schema: { type: 'object', required: list.map((d) => d.id), properties },
      uiSchema,
      formData: Object.fromEntries(list.map((d) => [d.id, ['']])),
      reenvio: resend,
    };
  });

  app.actions.register('cash-billing/documents', {
    bodyLimit: 50 * 1024 * 1024,
    input: z.record(z.string().regex(/^[a-zA-Z]{3,40}$/), z.array(z.string()).max(10)),
    async handler(input, { upstream, request }): Promise<ActionResult> {
      const session = request.session!;
      const { list, company, resend, additional, progress, kase } = await fieldsFor(upstream!);
      const errors: Record<string, string> = {};
      const files: Array<{ type: string; name: string; data: Buffer; label: string }> = [];
      const sentFields: string[] = [];
      for (const doc of list) {
        const parsed = (input[doc.id] ?? []).filter(Boolean).map((v) => parseDataUrl(v, ANY_TYPE));
        if (parsed.some((p) => p === null)) {
          errors[doc.id] = BILLING_FILE_MESSAGES.badFormat;
          continue;
        }
        // The personal document needs the pages its type has (rg 2, ctps 3, cnh 1…), one file per page.
        const problem = billingFilesProblem(parsed.map((p) => p!.data), doc.max) ?? (doc.id === 'documentoPessoal' && progress.tipoDocumento ? pagesProblem(progress.tipoDocumento, parsed.length) : null);
        if (problem) errors[doc.id] = problem;
        // The type sent upstream is the one the content shows, never the one the name claims.
        else {
          sentFields.push(doc.id);
          for (const p of parsed) files.push({ name: p!.name, data: p!.data, type: sniffType(p!.data)!, label: doc.label });
        }
      }
      if (Object.keys(errors).length) return { kind: 'field-errors', errors };
      const idCota = session.data.quota!.idCota;
      const verb = company ? 'solicitar-empresa' : resend || additional ? 'solicitar-reanalise' : 'solicitar';
      try {
        const ids: string[] = [];
        for (const f of files) ids.push((await uploadFile(upstream!, f, 'faturamento-especie', f.label)).id);
        // A person sends in rounds (the selfie opens after the personal document); progress is kept on the case.
        let all = ids;
        if (!company && !resend && !additional && kase) {
          const enviados = [...new Set([...progress.enviados, ...sentFields])];
          all = [...progress.arquivos, ...ids];
          await saveProgress(upstream!, kase.CaseNumber, { ...progress, enviados, arquivos: all });
          if (documentsToSend(progress.tipoRenda ?? '', enviados).length > 0) return { kind: 'navigate', to: `${ESPECIE}/anexar-documentos` };
        }
        await upstream!.call({ method: 'POST', path: `antifraude/analise-documento/${verb}`, json: { idCota, arquivos: all } });
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: '/faturamento' };
    },
  });
}
