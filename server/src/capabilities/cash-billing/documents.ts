import type { FastifyInstance } from 'fastify';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { isCompanyId } from '../../domain/format.js';
import {
  additionalDocuments,
  BILLING_UPLOADS,
  checkDocumentFiles,
  COMPANY_DOCUMENTS,
  DOCUMENT_LABELS,
  documentForm,
  DocumentFilesInput,
  documentIdByLabel,
  documentsToSend,
  NEW_PARTNER_DOCUMENTS,
  personDocumentField,
  requestAnalysis,
  unreadableDocuments,
  uploadAll,
  type DocumentField,
  type DocumentId,
} from '../../flow-parts/index.js';
import { billingOf, ESPECIE, refusalOf } from './flow.js';
import { billingCase, progressOf, saveProgress } from './progress.js';

/** Why the analysis refuses a document it lists in DocumentosIlegiveis__c. */
const REFUSED_UNREADABLE = 'Documento ilegível na análise';

/**
 * Documents of cash billing: /faturamentoespecie/documento-rejeitado lists what the analysis
 * refused (DocumentosIlegiveis__c of the case) and /faturamentoespecie/anexar-documentos sends
 * them again (company: company, partner documents; person: identity, residence, statement).
 * Each file is checked here by content (PDF or JPEG by magic bytes), size (6 MB) and count
 * before anything goes upstream; then arquivos/v2 and the document analysis request — all
 * through the shared flow parts (server/src/flow-parts).
 */
export default async function billingDocuments(app: FastifyInstance) {
  type Upstream = import('../../upstream/customer-upstream.js').CustomerUpstream;
  const refusedOf = unreadableDocuments;

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
    const companyList: DocumentField[] = [...COMPANY_DOCUMENTS, ...(progress.novoSocio ? NEW_PARTNER_DOCUMENTS : [])];
    const all = company ? companyList : (Object.keys(DOCUMENT_LABELS) as DocumentId[]).map((d) => personDocumentField(d, { identityType: progress.tipoDocumento, titled: false }));
    const base = { kase, progress, company, additional: false, resend: false };
    if (refused.size > 0) return { ...base, resend: true, list: all.filter((d) => refused.has(d.label)) };
    if (company) return { ...base, list: companyList };
    // The analysis asked for additional documents (DOCUMENTOS_ADICIONAIS_GRC): the income type's full list.
    if (data?.status === 'DOCUMENTOS_ADICIONAIS_GRC') return { ...base, additional: true, list: additionalDocuments(progress.tipoRenda ?? '', progress.enviados).map((d) => personDocumentField(d, { incomeType: progress.tipoRenda })) };
    return { ...base, list: documentsToSend(progress.tipoRenda ?? '', progress.enviados).map((d) => personDocumentField(d, { identityType: progress.tipoDocumento, incomeType: progress.tipoRenda })) };
  }

  app.screens.register('especie-documentos-rejeitados', async (ctx) => {
    const docs = refusedOf(await billingCase(ctx.upstream!));
    // Each document the analysis refused, counted for the analysts by its field (never its file).
    for (const texto of docs) app.analytics.refused(ctx.request, documentIdByLabel(texto) ?? 'outro-documento', REFUSED_UNREADABLE);
    return { documentos: docs.map((texto) => ({ texto })), temDocumentos: docs.length > 0 };
  });

  app.screens.register('especie-anexar-documentos', async (ctx) => {
    const { list, company, resend, progress } = await fieldsFor(ctx.upstream!);
    if (!resend && (company ? progress.novoSocio === undefined : !progress.tipoRenda)) return { redirect: `${ESPECIE}/identificacao` };
    if (list.length === 0) return { redirect: '/faturamento' };
    return { ...documentForm(list), reenvio: resend };
  });

  app.actions.register('cash-billing/documents', {
    filesGo: 'the back office’s file store (`files.upload`, category `faturamento-especie`), then attached to the cash-billing analysis request',
    bodyLimit: 50 * 1024 * 1024,
    files: BILLING_UPLOADS,
    input: DocumentFilesInput,
    async handler(input, { upstream, request }): Promise<ActionResult> {
      const session = request.session!;
      const { list, company, resend, additional, progress, kase } = await fieldsFor(upstream!);
      const checked = checkDocumentFiles(input, list);
      if (!checked.ok) return { kind: 'field-errors', errors: checked.errors };
      const sentFields = checked.fields;
      const idCota = session.data.quota!.idCota;
      const verb = company ? 'solicitar-empresa' : resend || additional ? 'solicitar-reanalise' : 'solicitar';
      try {
        const ids = await uploadAll(upstream!, checked.files, 'faturamento-especie');
        // A person sends in rounds (the selfie opens after the personal document); progress is kept on the case.
        let all = ids;
        if (!company && !resend && !additional && kase) {
          const enviados = [...new Set([...progress.enviados, ...sentFields])];
          all = [...progress.arquivos, ...ids];
          await saveProgress(upstream!, kase.CaseNumber, { ...progress, enviados, arquivos: all });
          if (documentsToSend(progress.tipoRenda ?? '', enviados).length > 0) return { kind: 'navigate', to: `${ESPECIE}/anexar-documentos` };
        }
        await requestAnalysis(upstream!, verb, { idCota, arquivos: all });
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: '/faturamento' };
    },
  });
}
