import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { documentAnalysis } from '../../../../back-office/index.js';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { BILLING_FILE_MESSAGES, BILLING_UPLOADS, filesProblem, parseDataUrl, sniffType, uploadFile, type UploadRules } from '../../flow-parts/index.js';
import { isCompanySeller, SELLER_SEGMENTS, type SellerKind } from '../../domain/used-vehicle-seller.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { navigate, NO_PROCESS, quotaIdOf, refusalOf, stepOf, type StepForm, type Steps } from './flow.js';
import { SEMINOVO } from './used-central.js';

/** DUT and ATPV only as PDF (doc 2 §5); the other billing rules (6 MB, every file required) and messages unchanged. */
const PDF_ONLY: UploadRules = { ...BILLING_UPLOADS, types: ['application/pdf'], accept: '.pdf' };

interface DocField {
  id: string;
  label: string;
  max: number;
  pdfOnly?: true;
}

const DUT: DocField = { id: 'dut', label: 'CRV/DUT do veículo, frente e verso (somente PDF)', max: 2, pdfOnly: true };
const ATPV: DocField = { id: 'atpv', label: 'ATPV-e, autorização para transferência (somente PDF)', max: 1, pdfOnly: true };
const OWNER: DocField = { id: 'documentoProprietario', label: 'Documento do proprietário (RG ou CNH)', max: 3 };
const EXIT_INVOICE: DocField = { id: 'notaFiscalSaida', label: 'Nota fiscal de saída', max: 1 };
const RESPONSIBLE: DocField = { id: 'documentoResponsavel', label: 'Documento do responsável pela empresa', max: 3 };
const ARTICLES: DocField = { id: 'contratoSocial', label: 'Contrato social', max: 3 };

/** The seller's documents by kind (doc 2 §3.6 invoicing document kinds). */
function fieldsOf(kind: SellerKind): DocField[] {
  if (kind === 'PF') return [DUT, ATPV, OWNER];
  if (kind === 'OUTRAS_EMPRESAS') return [DUT, ATPV, EXIT_INVOICE, RESPONSIBLE, ARTICLES];
  return [DUT, ATPV, EXIT_INVOICE, RESPONSIBLE];
}

const RESEND_FIELDS = [DUT, ATPV, OWNER];
const REANALYSIS_FIELDS: DocField[] = [{ id: 'documentos', label: 'Documentos pedidos na análise', max: 5 }];

const ANY_TYPE = ['application/pdf', 'image/jpeg', 'image/jpg', 'image/png', 'application/octet-stream', 'text/plain'];
const FileField = z.array(z.string()).max(10).default([]);

/** A file form: one field per document (DUT and ATPV accept only .pdf), the checklist boxes after them. */
function fileForm(app: FastifyInstance, id: string, fields: DocField[], acao: string, checks: string[] = [], hidden: Record<string, string> = {}): StepForm {
  const files = Object.fromEntries(fields.map((d) => [d.id, { type: 'array', title: `${d.label} (até ${d.max})`, minItems: 1, maxItems: d.max, items: { type: 'string', format: 'data-url' }, errorMessage: BILLING_FILE_MESSAGES.missing }]));
  const boxes = Object.fromEntries(checks.map((c) => [c, { type: 'boolean', const: true, title: app.text(`seminovo.checklist.${c}`), errorMessage: app.text('seminovo.erro.checklist') }]));
  const extra = Object.fromEntries(Object.entries(hidden).map(([k, v]) => [k, { type: 'string', default: v }]));
  return {
    id,
    schema: { type: 'object', required: [...fields.map((d) => d.id), ...checks], properties: { ...extra, ...files, ...boxes } },
    uiSchema: {
      ...Object.fromEntries(Object.keys(hidden).map((k) => [k, { 'ui:widget': 'hidden' }])),
      ...Object.fromEntries(fields.map((d) => [d.id, { 'ui:options': { orderable: false, copyable: false, accept: d.pdfOnly ? PDF_ONLY.accept : BILLING_UPLOADS.accept } }])),
    },
    formData: { ...hidden, ...Object.fromEntries(fields.map((d) => [d.id, ['']])) },
    rotulo: app.text('veiculo.enviar'),
    acao,
  };
}

/**
 * Checks every field's files by content, size and count (DUT and ATPV: PDF only) before anything
 * goes upstream; then uploads them and answers {codigo, id} per file, or the field errors.
 */
async function checkedUpload(upstream: CustomerUpstream, input: Record<string, unknown>, fields: DocField[]): Promise<{ files: Array<{ codigo: string; id: string }> } | { errors: Record<string, string> }> {
  const errors: Record<string, string> = {};
  const ready: Array<{ field: DocField; n: number; data: Buffer }> = [];
  for (const field of fields) {
    const values = Array.isArray(input[field.id]) ? (input[field.id] as string[]) : [];
    const parsed = values.filter(Boolean).map((v) => parseDataUrl(v, ANY_TYPE));
    if (parsed.some((p) => p === null)) {
      errors[field.id] = BILLING_FILE_MESSAGES.badFormat;
      continue;
    }
    const problem = filesProblem(parsed.map((p) => p!.data), field.max, field.pdfOnly ? PDF_ONLY : BILLING_UPLOADS);
    if (problem) errors[field.id] = problem;
    else for (const [k, p] of parsed.entries()) ready.push({ field, n: k + 1, data: p!.data });
  }
  if (Object.keys(errors).length) return { errors };
  const files: Array<{ codigo: string; id: string }> = [];
  for (const f of ready) files.push({ codigo: f.field.id, id: (await uploadFile(upstream, { field: f.field.id, n: f.n, data: f.data, type: sniffType(f.data)! }, 'faturamento-veiculo', f.field.label)).id });
  return { files };
}

/** The analysis request: the file ids, and which document each one is. */
const filesBody = (upstream: CustomerUpstream, files: Array<{ codigo: string; id: string }>) => ({ idCota: quotaIdOf(upstream), arquivos: files.map((f) => f.id), documentos: files });

const CHECKS_PF = ['assinaturaReconhecida'];
const CHECKS_PJ = ['assinaturaReconhecida', 'valorNotaIgualDut', 'alienacaoFiduciariaNaNota'];

/**
 * The owner's documents of a used vehicle (doc 2 §2.5, §5, §8): the seller's attachments with the
 * billing upload rules (DUT and ATPV only as PDF) and the checklist (signature recognised, invoice
 * value equal to the DUT/ATPV value, fiduciary-alienation text on the exit invoice); the owner
 * refused and the resend; the billing reanalysis and the documents under analysis.
 */
export default async function usedOwnerDocuments(app: FastifyInstance, { steps }: { steps: Steps }) {
  for (const [segment, kind] of Object.entries(SELLER_SEGMENTS)) {
    steps.set(`${SEMINOVO}/vendedor/${segment}/anexos`, async (_ctx, data) => {
      if (!data) return NO_PROCESS;
      return stepOf(app, 'seminovo-anexos', {
        itens: [app.text('seminovo.anexos.regra-pdf'), app.text('seminovo.anexos.regra-tamanho')],
        formularios: [fileForm(app, 'form-anexos-vendedor', fieldsOf(kind), 'used-vehicle/seller-documents', isCompanySeller(kind) ? CHECKS_PJ : CHECKS_PF, { segmento: segment })],
      });
    });
  }

  app.actions.register('used-vehicle/seller-documents', {
    filesGo: 'the back office’s file store (`files.upload`, category `faturamento-veiculo`), then attached to the used-vehicle billing',
    bodyLimit: 60 * 1024 * 1024,
    files: BILLING_UPLOADS,
    input: z.object({
      segmento: z.enum(Object.keys(SELLER_SEGMENTS) as [string, ...string[]]),
      dut: FileField,
      atpv: FileField,
      documentoProprietario: FileField,
      notaFiscalSaida: FileField,
      documentoResponsavel: FileField,
      contratoSocial: FileField,
      assinaturaReconhecida: z.literal(true, '@seminovo.erro.checklist'),
      valorNotaIgualDut: z.boolean().optional(),
      alienacaoFiduciariaNaNota: z.boolean().optional(),
    }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const kind = SELLER_SEGMENTS[input.segmento]!;
      const company = isCompanySeller(kind);
      const unchecked = company ? CHECKS_PJ.filter((c) => (input as Record<string, unknown>)[c] !== true) : [];
      if (unchecked.length) return { kind: 'field-errors', errors: Object.fromEntries(unchecked.map((c) => [c, app.text('seminovo.erro.checklist')])) };
      try {
        const sent = await checkedUpload(upstream!, input, fieldsOf(kind));
        if ('errors' in sent) return { kind: 'field-errors', errors: sent.errors };
        await upstream!.request(documentAnalysis['solicitar-vendedor'], {
          json: { ...filesBody(upstream!, sent.files), checklist: { assinaturaReconhecida: true, ...(company ? { valorNotaIgualDut: true, alienacaoFiduciariaNaNota: true } : {}) } },
        });
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${SEMINOVO}/reanalise-faturamento` };
    },
  });

  // Owner refused (illegible or incorrect documents): why, then the resend.
  steps.set(`${SEMINOVO}/proprietariorecusado`, async (_ctx, data) => {
    if (!data) return NO_PROCESS;
    return stepOf(app, 'seminovo-proprietario-recusado', {
      ...(data.respostaAnalista ? { linhas: [{ label: app.text('seminovo.rotulo.observacao'), text: data.respostaAnalista }] } : {}),
      itens: [app.text('seminovo.proprietario-recusado.causa1'), app.text('seminovo.proprietario-recusado.causa2')],
      botoes: [navigate(app, 'seminovo.proprietario-recusado.reenviar', `${SEMINOVO}/proprietariorecusado/reenvio`)],
    });
  });

  steps.set(`${SEMINOVO}/proprietariorecusado/reenvio`, async (_ctx, data) => {
    if (!data) return NO_PROCESS;
    return stepOf(app, 'seminovo-reenvio', {
      ...(data.respostaAnalista ? { linhas: [{ label: app.text('seminovo.rotulo.observacao'), text: data.respostaAnalista }] } : {}),
      itens: [app.text('seminovo.anexos.regra-pdf')],
      formularios: [fileForm(app, 'form-reenvio-proprietario', RESEND_FIELDS, 'used-vehicle/seller-resend')],
    });
  });

  app.actions.register('used-vehicle/seller-resend', {
    filesGo: 'the back office’s file store (`files.upload`, category `faturamento-veiculo`), then attached to the used-vehicle billing',
    bodyLimit: 40 * 1024 * 1024,
    files: BILLING_UPLOADS,
    input: z.object({ dut: FileField, atpv: FileField, documentoProprietario: FileField }),
    async handler(input, { upstream }): Promise<ActionResult> {
      try {
        const sent = await checkedUpload(upstream!, input, RESEND_FIELDS);
        if ('errors' in sent) return { kind: 'field-errors', errors: sent.errors };
        await upstream!.request(documentAnalysis['solicitar-vendedor-reenvio'], { json: filesBody(upstream!, sent.files) });
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${SEMINOVO}/proprietariorecusado/enviado` };
    },
  });

  steps.set(`${SEMINOVO}/proprietariorecusado/enviado`, async (_ctx, data) => (!data ? NO_PROCESS : stepOf(app, 'seminovo-reenvio-enviado', { botoes: [navigate(app, 'seminovo.ver-linha-do-tempo', `${SEMINOVO}/centralcontemplacao`)] })));

  // Billing reanalysis: documents under analysis, or (returned documents) the analyst's answer and the resend.
  steps.set(`${SEMINOVO}/reanalise-faturamento`, async (_ctx, data) => {
    if (!data) return NO_PROCESS;
    const returned = (data.estadoProcesso ?? data.status) === 'DOCUMENTOS_DEVOLVIDOS';
    if (!returned) return stepOf(app, 'seminovo-documentos-em-analise', { botoes: [navigate(app, 'seminovo.ver-linha-do-tempo', `${SEMINOVO}/centralcontemplacao`)] });
    return stepOf(app, 'seminovo-reanalise', {
      ...(data.respostaAnalista ? { linhas: [{ label: app.text('seminovo.rotulo.observacao'), text: data.respostaAnalista }] } : {}),
      formularios: [fileForm(app, 'form-reanalise-faturamento', REANALYSIS_FIELDS, 'used-vehicle/billing-reanalysis')],
    });
  });

  app.actions.register('used-vehicle/billing-reanalysis', {
    filesGo: 'the back office’s file store (`files.upload`, category `faturamento-veiculo`), then attached to the used-vehicle billing',
    bodyLimit: 40 * 1024 * 1024,
    files: BILLING_UPLOADS,
    input: z.object({ documentos: FileField }),
    async handler(input, { upstream }): Promise<ActionResult> {
      try {
        const sent = await checkedUpload(upstream!, input, REANALYSIS_FIELDS);
        if ('errors' in sent) return { kind: 'field-errors', errors: sent.errors };
        await upstream!.request(documentAnalysis['solicitar-reanalise-faturamento'], { json: filesBody(upstream!, sent.files) });
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${SEMINOVO}/reanalise-faturamento/enviada` };
    },
  });

  steps.set(`${SEMINOVO}/reanalise-faturamento/enviada`, async (_ctx, data) => {
    if (!data) return NO_PROCESS;
    return stepOf(app, 'seminovo-reanalise-enviada', { botoes: [navigate(app, 'seminovo.ver-linha-do-tempo', `${SEMINOVO}/centralcontemplacao`)] });
  });
}
