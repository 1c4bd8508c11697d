import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { BILLING_FILE_MESSAGES, billingFilesProblem, COMPANY_DOCUMENTS, parseDataUrl, sniffType, uploadFile, BILLING_UPLOADS } from '../../flow-parts/index.js';
import { formatMoney } from '../../domain/format.js';
import { documentDeadlineExpired, INSPECTION_FEE, invoiceValueProblem, VEHICLE_MESSAGES } from '../../domain/vehicle-billing.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { documentAnalysis } from '../../../../back-office/index.js';
import { GERAL, isCompany, navigate, NO_PROCESS, NOVO, quotaIdOf, refusalOf, restartForm, stepOf, todayOf, type StepForm, type Steps } from './flow.js';
import { vehicleUpstream as vehicle } from './vehicle-billing-upstream.js';

const ANY_TYPE = ['application/pdf', 'image/jpeg', 'image/jpg', 'image/png', 'application/octet-stream', 'text/plain'];
const FileField = z.array(z.string()).max(10).default([]);

interface DocField {
  id: string;
  label: string;
  max: number;
}

/** A person's identification for vehicle billing: identity document and proof of residence. */
const PERSON_DOCUMENTS: DocField[] = [
  { id: 'documentoPessoal', label: 'Documento de identidade (RG ou CNH)', max: 3 },
  { id: 'comprovanteResidencia', label: 'Comprovante de residência', max: 1 },
];

/** A file form: one field per document, PDF/JPG/JPEG up to 6 MB, every file required (doc 2 §5). */
function fileForm(app: FastifyInstance, id: string, fields: DocField[], action: string, extra: { schema?: Record<string, unknown>; formData?: Record<string, unknown> } = {}): StepForm {
  const properties = Object.fromEntries(fields.map((d) => [d.id, { type: 'array', title: `${d.label} (até ${d.max})`, minItems: 1, maxItems: d.max, items: { type: 'string', format: 'data-url' }, errorMessage: BILLING_FILE_MESSAGES.missing }]));
  return {
    id,
    schema: { type: 'object', required: [...fields.map((d) => d.id), ...Object.keys(extra.schema ?? {})], properties: { ...properties, ...extra.schema } },
    uiSchema: Object.fromEntries(fields.map((d) => [d.id, { 'ui:options': { orderable: false, copyable: false, accept: '.pdf,.jpg,.jpeg' } }])),
    formData: { ...Object.fromEntries(fields.map((d) => [d.id, ['']])), ...extra.formData },
    rotulo: app.text('veiculo.enviar'),
    acao: action,
  };
}

/**
 * Checks the files of every field (content, size, count) before anything goes upstream; then
 * uploads them (arquivos/v2) and answers their ids, or the field errors.
 */
async function checkedUpload(upstream: CustomerUpstream, input: Record<string, string[]>, fields: DocField[]): Promise<{ ids: string[] } | { errors: Record<string, string> }> {
  const errors: Record<string, string> = {};
  const files: Array<{ field: string; n: number; data: Buffer; type: string; label: string }> = [];
  for (const field of fields) {
    const parsed = (input[field.id] ?? []).filter(Boolean).map((v) => parseDataUrl(v, ANY_TYPE));
    if (parsed.some((p) => p === null)) {
      errors[field.id] = BILLING_FILE_MESSAGES.badFormat;
      continue;
    }
    const problem = billingFilesProblem(parsed.map((p) => p!.data), field.max);
    if (problem) errors[field.id] = problem;
    else for (const [k, p] of parsed.entries()) files.push({ field: field.id, n: k + 1, data: p!.data, type: sniffType(p!.data)!, label: field.label });
  }
  if (Object.keys(errors).length) return { errors };
  const ids: string[] = [];
  for (const f of files) ids.push((await uploadFile(upstream, f, 'faturamento-veiculo', f.label)).id);
  return { ids };
}

/**
 * Documents of vehicle billing: the identification (person or company) and what the analysis
 * asked again (doc 2 §2.6), the invoice of the new vehicle (value at least the outstanding
 * balance; the document deadline of the partner), the correction letter of a pending invoice,
 * and the screens that say where the analysis stands.
 */
export default async function vehicleDocuments(app: FastifyInstance, { steps }: { steps: Steps }) {
  const identificationFields = (upstream: CustomerUpstream) => (isCompany(upstream) ? COMPANY_DOCUMENTS.map((d) => ({ ...d })) : PERSON_DOCUMENTS);

  steps.set(`${GERAL}/identificacao`, async (ctx) => (isCompany(ctx.upstream!) ? { redirect: `${GERAL}/enviardocumentospj` } : stepOf(app, 'identificacao', { formularios: [fileForm(app, 'form-identificacao', PERSON_DOCUMENTS, 'vehicle-billing/identification')] })));
  steps.set(`${GERAL}/enviardocumentospj`, async (ctx) => (isCompany(ctx.upstream!) ? stepOf(app, 'documentos-pj', { formularios: [fileForm(app, 'form-documentos-pj', identificationFields(ctx.upstream!), 'vehicle-billing/identification')] }) : { redirect: `${GERAL}/identificacao` }));

  app.actions.register('vehicle-billing/identification', {
    filesGo: 'the back office’s file store (`files.upload`, category `faturamento-veiculo`), then attached to the new-vehicle billing',
    bodyLimit: 50 * 1024 * 1024,
    files: BILLING_UPLOADS,
    input: z.record(z.string().regex(/^[a-zA-Z]{3,40}$/), FileField),
    async handler(input, { upstream }): Promise<ActionResult> {
      const company = isCompany(upstream!);
      try {
        const sent = await checkedUpload(upstream!, input, identificationFields(upstream!));
        if ('errors' in sent) return { kind: 'field-errors', errors: sent.errors };
        await upstream!.request(documentAnalysis[company ? 'solicitar-empresa' : 'solicitar'], { json: { idCota: quotaIdOf(upstream!), arquivos: sent.ids } });
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: '/faturamento' };
    },
  });

  // What the analysis asked again (documentos-para-validacao), with why.
  const askedFields = async (upstream: CustomerUpstream) => (await vehicle.documentsToValidate(upstream, quotaIdOf(upstream))).data.map((d) => ({ id: d.codigo.toLowerCase().replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()), label: d.descricao, max: 2, motivo: d.motivo }));

  steps.set(`${GERAL}/reenviardocumentos`, async (ctx, data) => {
    if (!data) return NO_PROCESS;
    const fields = await askedFields(ctx.upstream!);
    if (fields.length === 0) return { redirect: '/faturamento' };
    return stepOf(app, 'reenviar', { itens: fields.map((f) => (f.motivo ? `${f.label}: ${f.motivo}` : f.label)), formularios: [fileForm(app, 'form-reenviar', fields, 'vehicle-billing/resend')] });
  });

  app.actions.register('vehicle-billing/resend', {
    filesGo: 'the back office’s file store (`files.upload`, category `faturamento-veiculo`), then attached to the new-vehicle billing',
    bodyLimit: 50 * 1024 * 1024,
    files: BILLING_UPLOADS,
    input: z.record(z.string().regex(/^[a-zA-Z]{3,40}$/), FileField),
    async handler(input, { upstream }): Promise<ActionResult> {
      try {
        const sent = await checkedUpload(upstream!, input, await askedFields(upstream!));
        if ('errors' in sent) return { kind: 'field-errors', errors: sent.errors };
        await upstream!.request(documentAnalysis['solicitar-reanalise'], { json: { idCota: quotaIdOf(upstream!), arquivos: sent.ids } });
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: '/faturamento' };
    },
  });

  const INVOICE: DocField[] = [{ id: 'notaFiscal', label: 'Nota fiscal do veículo', max: 2 }];

  // The invoice: the document deadline (days since creation over the partner's
  // prazo_geral_faturamento_bem) may have expired; then only a restart goes on.
  steps.set(`${NOVO}/envio-documentos`, async (ctx, data) => {
    if (!data) return NO_PROCESS;
    const expired = documentDeadlineExpired(data.dataCriacao, await todayOf(ctx.upstream!), ctx.partner.partner.prazo_geral_faturamento_bem);
    if (expired) return stepOf(app, 'prazo-expirado', { aviso: app.text('veiculo.reiniciar.aviso', { taxa: formatMoney(INSPECTION_FEE) }), formularios: [restartForm(app)] });
    return stepOf(app, 'envio-documentos', {
      ...(data.respostaAnalista ? { aviso: data.respostaAnalista } : {}),
      linhas: [{ label: app.text('veiculo.rotulo.saldo-devedor'), text: formatMoney(data.saldoDevedor) }],
      formularios: [
        fileForm(app, 'form-nota-fiscal', INVOICE, 'vehicle-billing/invoice', {
          schema: { valorNotaFiscal: { type: 'number', title: app.text('veiculo.campo.valor-nf'), errorMessage: app.text('veiculo.erro.valor') } },
        }),
      ],
    });
  });

  app.actions.register('vehicle-billing/invoice', {
    filesGo: 'the back office’s file store (`files.upload`, category `faturamento-veiculo`), then attached to the new-vehicle billing',
    consistency: [{ fields: ['valorNotaFiscal'], rule: 'the invoice’s value is at least the quota’s outstanding balance', message: VEHICLE_MESSAGES.invoiceBelowBalance(0).replace(/R\$\s0,00/u, '{{saldo}}'), by: 'handler' }],
    bodyLimit: 50 * 1024 * 1024,
    files: BILLING_UPLOADS,
    input: z.object({ notaFiscal: FileField, valorNotaFiscal: z.number('@veiculo.erro.valor').positive('@veiculo.erro.valor') }),
    async handler(input, { upstream, request }): Promise<ActionResult> {
      const idCota = quotaIdOf(upstream!);
      const data = await vehicle.status(upstream!, idCota);
      if (!data) return { kind: 'navigate', to: '/faturamento' };
      const partner = await app.partners.forRequest(request);
      if (documentDeadlineExpired(data.dataCriacao, await todayOf(upstream!), partner.partner.prazo_geral_faturamento_bem)) return { kind: 'navigate', to: `${NOVO}/envio-documentos` };
      const valueProblem = invoiceValueProblem(input.valorNotaFiscal, data.saldoDevedor);
      try {
        const sent = valueProblem ? null : await checkedUpload(upstream!, { notaFiscal: input.notaFiscal }, INVOICE);
        if (valueProblem || (sent && 'errors' in sent)) return { kind: 'field-errors', errors: { ...(valueProblem ? { valorNotaFiscal: valueProblem } : {}), ...(sent && 'errors' in sent ? sent.errors : {}) } };
        await vehicle.sendInvoice(upstream!, idCota, sent!.ids, input.valorNotaFiscal);
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${NOVO}/analise-documentos` };
    },
  });

  // An invoice pending (PENDENCIA_NOTA_FISCAL): the dealership's correction letter.
  const LETTER: DocField[] = [{ id: 'cartaCorrecao', label: 'Carta de correção', max: 2 }];
  steps.set(`${NOVO}/resolver-pendencias`, async (ctx, data) => {
    if (!data) return NO_PROCESS;
    const asked = await vehicle.documentsToValidate(ctx.upstream!, quotaIdOf(ctx.upstream!));
    return stepOf(app, 'resolver-pendencias', {
      ...(data.respostaAnalista ? { aviso: data.respostaAnalista } : {}),
      itens: asked.data.map((d) => d.descricao),
      formularios: data.status === 'PENDENCIA_NOTA_FISCAL' ? [fileForm(app, 'form-carta-correcao', LETTER, 'vehicle-billing/correction-letter')] : [],
    });
  });

  app.actions.register('vehicle-billing/correction-letter', {
    filesGo: 'the back office’s file store (`files.upload`, category `faturamento-veiculo`), then attached to the new-vehicle billing',
    bodyLimit: 50 * 1024 * 1024,
    files: BILLING_UPLOADS,
    input: z.object({ cartaCorrecao: FileField }),
    async handler(input, { upstream }): Promise<ActionResult> {
      try {
        const sent = await checkedUpload(upstream!, input, LETTER);
        if ('errors' in sent) return { kind: 'field-errors', errors: sent.errors };
        await vehicle.sendCorrectionLetter(upstream!, quotaIdOf(upstream!), sent.ids);
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${NOVO}/cartacorrecaoenviada` };
    },
  });

  steps.set(`${NOVO}/cartacorrecaoenviada`, async () => stepOf(app, 'carta-enviada'));
  steps.set(`${NOVO}/analise-documentos`, async () => stepOf(app, 'analise-documentos'));
  steps.set(`${NOVO}/contato-pendencias`, async (_ctx, data) => stepOf(app, 'contato-pendencias', { ...(data?.respostaAnalista ? { aviso: data.respostaAnalista } : {}), botoes: [navigate(app, 'veiculo.falar-atendimento', '/customer-service')] }));
  steps.set(`${NOVO}/atualizacaocadastral`, async (_ctx, data) => stepOf(app, 'atualizacao-cadastral', { ...(data?.respostaAnalista ? { aviso: data.respostaAnalista } : {}), botoes: [navigate(app, 'veiculo.atualizar-cadastro', '/perfil')] }));
}
