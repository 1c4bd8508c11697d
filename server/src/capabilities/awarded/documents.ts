import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { localNow } from '../../domain/clock.js';
import { isCompanyId } from '../../domain/format.js';
import {
  additionalDocuments,
  BILLING_UPLOADS,
  checkDocumentFiles,
  COMPANY_DOCUMENTS,
  DOCUMENT_LABELS,
  documentForm,
  DocumentFilesInput,
  documentsToSend,
  IDENTITY_DOCUMENT_TYPES,
  INCOME_TYPES,
  NEW_PARTNER_DOCUMENTS,
  personDocumentField,
  requiredDocuments,
  residenceProofProblem,
  saveProgress,
  unreadableDocuments,
  uploadAll,
  type DocumentField,
  type DocumentId,
} from '../../flow-parts/index.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { serverTime } from '../../upstream/server-time.js';
import { awardedCase, awardedOf, awardedProgressOf, CONTEMPLADO, NO_PROCESS, refusalOf } from './flow.js';

/** The category under which the flow's files are uploaded (arquivos/v2): it names the process. */
export const UPLOAD_CATEGORY = 'contemplacao';
const RESIDENCE_KEYS = ['emissaoComprovante', 'comprovanteNoNomeDoTitular'] as const;
const LABEL_TO_ID = new Map<string, DocumentId>(Object.entries(DOCUMENT_LABELS).map(([id, label]): [string, DocumentId] => [label, id as DocumentId]));

/**
 * Documents of the awarded flow (doc 2 §3.3): the income and identity type, the required list of
 * the income type by category, and the upload form of what is still to send — the selfie only
 * after the personal document, the refused ones when the analysis named some, the full list's
 * extra documents on a client-pending reanalysis; a company sends company, partner and
 * new-partner documents. Files are checked by content, size, count and pages; the proof of
 * residence must be in the holder's name and at most 60 days old. All through server/src/flow-parts.
 */
export default async function awardedDocuments(app: FastifyInstance) {
  const personField = (id: DocumentId, tipoRenda: string, identityType?: string): DocumentField =>
    personDocumentField(id, { incomeType: tipoRenda, identityType });

  /** What the customer has to send now, and why. */
  async function stateOf(upstream: CustomerUpstream, onlyDoc?: string) {
    const [data, kase] = await Promise.all([awardedOf(upstream), awardedCase(upstream)]);
    const progress = awardedProgressOf(kase);
    const company = isCompanyId(upstream.session.data.customer.inscricaoNacional);
    const tipoRenda = progress.tipoRenda ?? '';
    const refused = unreadableDocuments(kase);
    const additional = data?.status === 'PENDENCIA_CLIENTE_REANALISE';
    let list: DocumentField[];
    // A resend or extra documents are one round: once its files are uploaded, the confirmation is next.
    if ((refused.length > 0 || additional) && progress.arquivos.length > 0) list = [];
    else if (company) list = [...COMPANY_DOCUMENTS, ...(progress.novoSocio ? NEW_PARTNER_DOCUMENTS : [])].filter((d) => (refused.length > 0 ? (refused as string[]).includes(d.label) : !progress.enviados.includes(d.id)));
    else if (refused.length > 0) list = refused.map((label) => LABEL_TO_ID.get(label)).filter((id): id is DocumentId => id !== undefined).map((id) => personField(id, tipoRenda, progress.tipoDocumento));
    else if (additional) list = additionalDocuments(tipoRenda, progress.enviados).map((id) => personField(id, tipoRenda));
    else list = documentsToSend(tipoRenda, progress.enviados).map((id) => personField(id, tipoRenda, progress.tipoDocumento));
    if (onlyDoc !== undefined) list = list.filter((d) => d.id === onlyDoc);
    return { data, kase, progress, company, refused, additional, list, identified: company || Boolean(progress.tipoRenda && progress.tipoDocumento) };
  }

  const baseOf = (path: string) => (path.startsWith(`${CONTEMPLADO}/documentos-pesado`) ? `${CONTEMPLADO}/documentos-pesado` : path.startsWith(`${CONTEMPLADO}/documentos-adicionais`) ? `${CONTEMPLADO}/documentos-adicionais` : `${CONTEMPLADO}/documentos`);

  app.screens.register('contemplado-documentos', async (ctx) => {
    const upstream = ctx.upstream!;
    const doc = ctx.params.doc;
    const s = await stateOf(upstream, doc);
    if (!s.data || !s.kase) return NO_PROCESS;
    const base = baseOf(ctx.route.path);
    if (doc !== undefined && s.list.length === 0) return { redirect: base };
    // Everything sent, files waiting: the confirmation before the analysis.
    if (s.identified && s.list.length === 0) return { redirect: `${CONTEMPLADO}/confirmacao-documentos` };
    const today = localNow(await serverTime(upstream)).slice(0, 10);
    const customer = upstream.session.data.customer.inscricaoNacional;
    // Expired deadline: restart or "lembrar amanhã", at most once a day.
    const expired = s.data.status === 'PRAZO_FINALIZADO' && (await app.dailyNotices.claim(customer, 'contemplado-prazo', today));
    // The extra-documents result modal appears once.
    const extra = s.additional && (await app.dailyNotices.claim(customer, `contemplado-resultado-adicionais:${s.kase.CaseNumber}`, 'unico'));
    const form = documentForm(s.list);
    const residence = s.list.some((d) => d.id === 'comprovanteResidencia');
    if (residence) {
      Object.assign(form.schema.properties, {
        emissaoComprovante: { type: 'string', format: 'date', title: app.text('contemplado.campo.emissao-comprovante') },
        comprovanteNoNomeDoTitular: { type: 'boolean', title: app.text('contemplado.campo.comprovante-titular') },
      });
      form.schema.required.push('emissaoComprovante');
    }
    return {
      base,
      identificar: !s.identified,
      adicionais: s.additional,
      reenvio: s.refused.length > 0,
      ids: INCOME_TYPES.map((t) => t.id),
      nomes: INCOME_TYPES.map((t) => t.label),
      tiposDocumento: [...IDENTITY_DOCUMENT_TYPES],
      identificacao: { ...(s.progress.tipoRenda ? { tipoRenda: s.progress.tipoRenda } : {}), ...(s.progress.tipoDocumento ? { tipoDocumento: s.progress.tipoDocumento } : {}) },
      lista: s.company ? [] : requiredDocuments(s.progress.tipoRenda ?? '', s.additional ? 'completa' : 'curta').map((d) => [d.category, d.label, app.text(s.progress.enviados.includes(d.id) ? 'contemplado.documento.enviado' : 'contemplado.documento.pendente')]),
      temLista: !s.company && Boolean(s.progress.tipoRenda),
      prazo: s.data.prazoDocumentos ? app.text('contemplado.documentos.prazo', { data: s.data.prazoDocumentos.split('-').reverse().join('/') }) : '',
      ...form,
      formData: { ...form.formData, ...(residence ? { comprovanteNoNomeDoTitular: false } : {}) },
      modalPrazo: expired,
      modalAdicionais: extra,
    };
  });

  app.actions.register('awarded/identification', {
    input: z.object({
      tipoRenda: z.enum(INCOME_TYPES.map((t) => t.id) as [string, ...string[]], '@especie.erro.renda'),
      tipoDocumento: z.enum(IDENTITY_DOCUMENT_TYPES, '@especie.erro.tipo-documento'),
      base: z.enum([`${CONTEMPLADO}/documentos`, `${CONTEMPLADO}/documentos-pesado`]).default(`${CONTEMPLADO}/documentos`),
    }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const kase = await awardedCase(upstream!);
      if (!kase) return { kind: 'navigate', to: CONTEMPLADO };
      try {
        await saveProgress(upstream!, kase.CaseNumber, { ...awardedProgressOf(kase), tipoRenda: input.tipoRenda, tipoDocumento: input.tipoDocumento });
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: input.base };
    },
  });

  app.actions.register('awarded/documents', {
    filesGo: 'the back office’s file store (`files.upload`, category `contemplacao`), then attached to the awarded case’s analysis request',
    bodyLimit: 50 * 1024 * 1024,
    files: BILLING_UPLOADS,
    input: z.record(z.string().max(40), z.unknown()),
    async handler(input, { upstream }): Promise<ActionResult> {
      const u = upstream!;
      const base = typeof input.base === 'string' && input.base.startsWith(CONTEMPLADO) ? baseOf(input.base) : `${CONTEMPLADO}/documentos`;
      const doc = typeof input.documento === 'string' ? input.documento : undefined;
      const s = await stateOf(u, doc);
      if (!s.kase || !s.data) return { kind: 'navigate', to: CONTEMPLADO };
      const { base: _b, documento: _d, emissaoComprovante, comprovanteNoNomeDoTitular, ...files } = input;
      const parsed = DocumentFilesInput.safeParse(files);
      if (!parsed.success) return { kind: 'field-errors', errors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'documentos'), app.text('contemplado.erro.documento-invalido')])) };
      const checked = checkDocumentFiles(parsed.data, s.list, { strict: true, minMessage: (f) => (f.id === 'notaFiscal' ? app.text('contemplado.erro.notas-rurais') : `Envie ${f.min} arquivos neste campo.`) });
      const errors: Record<string, string> = checked.ok ? {} : { ...checked.errors };
      if (s.list.some((d) => d.id === 'comprovanteResidencia') && !errors.comprovanteResidencia) {
        const today = localNow(await serverTime(u)).slice(0, 10);
        const problem = residenceProofProblem(typeof emissaoComprovante === 'string' ? emissaoComprovante : undefined, today, comprovanteNoNomeDoTitular === true);
        if (problem) errors[problem.field] = problem.message;
      }
      if (!checked.ok || Object.keys(errors).length > 0) {
        const notAsked = Object.keys(errors).some((k) => !s.list.some((d) => d.id === k) && !RESIDENCE_KEYS.includes(k as never));
        return { kind: 'field-errors', errors, ...(notAsked ? { message: app.text('contemplado.erro.documento-nao-solicitado') } : {}) };
      }
      try {
        const ids = await uploadAll(u, checked.files, UPLOAD_CATEGORY);
        const enviados = [...new Set([...s.progress.enviados, ...checked.fields])];
        await saveProgress(u, s.kase.CaseNumber, { ...s.progress, enviados, arquivos: [...s.progress.arquivos, ...ids] });
        const left = s.refused.length > 0 || s.additional || s.company ? [] : documentsToSend(s.progress.tipoRenda ?? '', enviados);
        return { kind: 'navigate', to: left.length > 0 ? base : `${CONTEMPLADO}/confirmacao-documentos` };
      } catch (err) {
        return refusalOf(app, err);
      }
    },
  });
}
