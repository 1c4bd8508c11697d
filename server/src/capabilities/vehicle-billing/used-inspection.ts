import type { FastifyInstance, FastifyRequest } from 'fastify';
import dayjs from 'dayjs';
import { z } from 'zod';
import { formatCep } from '@brazilian-utils/brazilian-utils';
import { registration } from '../../../../screens/back-office/index.js';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { BILLING_FILE_MESSAGES, billingFilesProblem, parseDataUrl, sniffType, uploadFile, BILLING_UPLOADS } from '../../flow-parts/index.js';
import { BRAZIL_TZ, formatDateTime } from '../../domain/clock.js';
import { formatMoney } from '../../domain/format.js';
import { parseCep, phoneProblem } from '../../domain/registration.js';
import { addressNumber, INSPECTION_FEES, INSPECTOR_CONTACT_HOURS, LINK_VALID_DAYS, RESULT_VALID_DAYS, USED_MESSAGES, validity, visitProblem } from '../../domain/used-vehicle.js';
import type { CustomerUpstream } from '../../plugins/core/customer-upstream.js';
import { UpstreamError } from '../../plugins/core/upstream-client.js';
import { upstreamNow } from '../../upstream/server-time.js';
import { navigate, quotaIdOf, refusalOf, restartForm, type StepForm, type StepView, type Steps } from './flow.js';
import { BEFORE_VEHICLE, NO_USED_PROCESS, SEMINOVO, usedProcess, usedState, usedStepOf } from './used-flow.js';
import { usedUpstream, type InspectionState } from './used-vehicle-upstream.js';
import { vehicleUpstream } from './vehicle-billing-upstream.js';
import type { VehicleBillingData } from './vehicle-billing-upstream.js';
import { quotaMove } from '../../plugins/core/once.js';

const DIGITAL = `${SEMINOVO}/vistoriadigital`;
const TECHNICAL = `${SEMINOVO}/vistoriatecnica`;
type Kind = 'digital' | 'tecnica';
const STATES = ['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'] as const;
/** States in which the inspection was asked and runs (doc 2 §4.5 "inspection in progress"). */
const IN_PROGRESS = new Set(['ERRO_VISTORIA', 'AGENDAMENTO_MANUAL_VISTORIA', 'LAUDO_RECEBIDO', 'VISTORIA_TECNICA_SOLICITADA', 'VISTORIA_DIGITAL_SOLICITADA', 'VISTORIA_AGENDADA']);
const ANY_TYPE = ['application/pdf', 'image/jpeg', 'image/jpg', 'image/png', 'application/octet-stream', 'text/plain'];

const Address = z.object({
  cep: z.string('@perfil.erro.cep').refine((v) => parseCep(v) !== null, '@perfil.erro.cep'),
  logradouro: z.string('@erro.campo-obrigatorio').trim().min(1, '@erro.campo-obrigatorio').max(120, '@erro.campo-obrigatorio'),
  numero: z.string().trim().max(10).optional(),
  complemento: z.string().trim().max(60).optional(),
  bairro: z.string('@erro.campo-obrigatorio').trim().min(1, '@erro.campo-obrigatorio').max(80, '@erro.campo-obrigatorio'),
  cidade: z.string('@erro.campo-obrigatorio').trim().min(1, '@erro.campo-obrigatorio').max(80, '@erro.campo-obrigatorio'),
  estado: z.enum(STATES, '@perfil.erro.uf'),
});

/**
 * Used vehicle, inspection (doc 2 §2.5, §3.5, §4.5, §9): digital or technical by the process's
 * isDigital flag; the terms accepted before anything is asked; the rules; the fees shown before
 * confirming (R$ 150,00 deducted from the credit letter, R$ 75,00 a re-inspection after a no-show,
 * the partner agent's variant); the digital link (valid 30 days) or the technical visit (CEP
 * lookup — a failed one clears every address field but the CEP —, address, companion with a date
 * and time not in the past); the result (valid 45 days), both counted on the back office's
 * clock; a refused inspection (bill another asset, or send the document again) and the Detran
 * pending.
 */
export default async function usedInspection(app: FastifyInstance, { steps }: { steps: Steps }) {
  const draftOf = (request: FastifyRequest) => {
    const d = request.session!.data.usedInspection;
    return d && d.idCota === request.session!.data.quota?.idCota ? d : null;
  };
  const patchDraft = async (request: FastifyRequest, change: { termos?: Kind; endereco?: NonNullable<ReturnType<typeof draftOf>>['endereco'] }) => {
    const idCota = request.session!.data.quota!.idCota;
    await app.sessions.patch(request.session!, { usedInspection: { ...(draftOf(request) ?? {}), idCota, ...change } });
  };
  const inspectionOf = (u: CustomerUpstream) => usedUpstream.inspection(u, quotaIdOf(u));
  const agent = (u: CustomerUpstream) => Boolean(u.session.data.agent);

  /** The fee texts, shown before confirming: the customer's, or the partner agent's variant; a re-inspection after a no-show. */
  const feeTexts = (u: CustomerUpstream, noShow: boolean) => [
    noShow ? app.text('seminovo.taxa.reagendamento', { taxa: formatMoney(INSPECTION_FEES.reagendamento) }) : app.text('seminovo.taxa.vistoria', { taxa: formatMoney(INSPECTION_FEES.vistoria) }),
    ...(agent(u) ? [app.text('seminovo.taxa.agente', { taxa: formatMoney(INSPECTION_FEES.agenteReprovado) })] : []),
  ];
  const feeForm = (id: string, acao: string, rotulo: string, extra: { schema?: Record<string, unknown>; required?: string[]; uiSchema?: Record<string, unknown>; formData?: Record<string, unknown> } = {}): StepForm => ({
    id,
    schema: {
      type: 'object',
      required: [...(extra.required ?? []), 'cienteTaxas'],
      properties: { ...extra.schema, cienteTaxas: { type: 'boolean', title: app.text('seminovo.taxa.ciente'), errorMessage: USED_MESSAGES.fees } },
    },
    uiSchema: extra.uiSchema ?? {},
    formData: extra.formData ?? {},
    rotulo: app.text(rotulo),
    acao,
  });

  /** Guards of the inspection screens: a used process with a recorded vehicle; once asked, the inspection's own page. */
  const guard = (data: VehicleBillingData | null, allowInProgress = false): { redirect: string } | VehicleBillingData => {
    const used = usedProcess(data);
    if (!used) return NO_USED_PROCESS;
    const state = usedState(used);
    if (BEFORE_VEHICLE.has(state)) return { redirect: `${SEMINOVO}/simulacao` };
    if (!allowInProgress && IN_PROGRESS.has(state) && state !== 'AGENDAMENTO_MANUAL_VISTORIA') return { redirect: used.isDigital ? `${DIGITAL}/linkenviado` : `${TECHNICAL}/agendada` };
    return used;
  };

  const expiredResult = async (u: CustomerUpstream, v: InspectionState): Promise<string | null> => {
    if (v.situacao !== 'NAO_INICIADA' || !v.resultadoEm) return null;
    const r = validity(v.resultadoEm, RESULT_VALID_DAYS, await upstreamNow(u));
    return r.valid ? null : app.text('seminovo.vistoria.resultado-vencido', { data: formatDateTime(r.until) });
  };

  // ------------------------------------------------------------ intros, terms, rules

  for (const kind of ['digital', 'tecnica'] as const) {
    const base = kind === 'digital' ? DIGITAL : TECHNICAL;

    steps.set(base, async (ctx, data) => {
      const used = guard(data);
      if ('redirect' in used) return used;
      const expired = await expiredResult(ctx.upstream!, await inspectionOf(ctx.upstream!));
      return usedStepOf(app, `vistoria-${kind}`, { ...(expired ? { aviso: expired } : {}), itens: feeTexts(ctx.upstream!, false), botoes: [navigate(app, 'seminovo.continuar', `${base}/termos`)] }, { horas: String(INSPECTOR_CONTACT_HOURS), dias: String(LINK_VALID_DAYS) });
    });

    // The terms: the same page under both prefixes (aliases), the kind from the route.
    steps.set(`${base}/termos`, async (_ctx, data) => {
      const used = guard(data);
      if ('redirect' in used) return used;
      return usedStepOf(app, 'termos', {
        itens: [1, 2, 3, 4].map((n) => app.text(`seminovo.termos.item${n}`, { dias: String(RESULT_VALID_DAYS) })),
        formularios: [
          {
            id: 'form-termos',
            schema: { type: 'object', required: ['aceite'], properties: { aceite: { type: 'boolean', title: app.text('seminovo.termos.aceite'), errorMessage: USED_MESSAGES.terms } } },
            uiSchema: {},
            formData: { tipo: kind },
            rotulo: app.text('seminovo.continuar'),
            acao: `used-vehicle/inspection-terms-${kind}`,
          },
        ],
      });
    });

    app.actions.register(`used-vehicle/inspection-terms-${kind}`, {
      input: z.object({ aceite: z.literal(true, `@seminovo.erro.termos`), tipo: z.string().max(10).optional() }),
      async handler(_input, { request }): Promise<ActionResult> {
        await patchDraft(request, { termos: kind });
        return { kind: 'navigate', to: `${base}/regras` };
      },
    });

    steps.set(`${base}/regras`, async (ctx, data) => {
      const used = guard(data);
      if ('redirect' in used) return used;
      if (draftOf(ctx.request)?.termos !== kind) return { redirect: `${base}/termos` };
      const itens = [1, 2, 3, 4].map((n) => app.text(`seminovo.regras-vistoria.${kind}${n}`));
      if (kind === 'tecnica') return usedStepOf(app, 'regras-vistoria', { itens, botoes: [navigate(app, 'seminovo.vistoria.agendar', `${TECHNICAL}/cep`)] });
      return usedStepOf(app, 'regras-vistoria', { itens, aviso: feeTexts(ctx.upstream!, false).join(' '), formularios: [feeForm('form-vistoria-digital', 'used-vehicle/inspection-digital', 'seminovo.vistoria.enviar-link')] });
    });
  }

  // ------------------------------------------------------------ digital

  app.actions.register('used-vehicle/inspection-digital', {
    idempotent: true,
    input: z.object({ cienteTaxas: z.literal(true, '@seminovo.erro.taxas') }),
    once: { key: (_input, { request }) => quotaMove(request, 'vistoria-digital') },
    async handler(_input, { upstream, request }): Promise<ActionResult> {
      if (draftOf(request)?.termos !== 'digital') return { kind: 'field-errors', errors: {}, message: USED_MESSAGES.terms };
      try {
        await usedUpstream.scheduleDigital(upstream!, quotaIdOf(upstream!));
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${DIGITAL}/linkenviado` };
    },
  });

  /** The report, when it came: when and until when it is valid (45 days, back office's clock). */
  const resultRows = (v: InspectionState, now: number) => {
    if (!v.resultadoEm) return [];
    const r = validity(v.resultadoEm, RESULT_VALID_DAYS, now);
    return [
      { label: app.text('seminovo.vistoria.laudo'), text: formatDateTime(v.resultadoEm) },
      { label: app.text('seminovo.vistoria.resultado-valido'), text: r.valid ? formatDateTime(r.until) : app.text('seminovo.vistoria.vencido') },
    ];
  };

  steps.set(`${DIGITAL}/linkenviado`, async (ctx, data) => {
    const used = guard(data, true);
    if ('redirect' in used) return used;
    const v = await inspectionOf(ctx.upstream!);
    const now = await upstreamNow(ctx.upstream!);
    if (v.tipoVistoria !== 'VISTORIA_DIGITAL' || !v.linkEnviadoEm) {
      // The process says the inspection is under way but the back office has no link to show:
      // what is known, never a redirect back (the digital page sends an inspection in progress here).
      if (IN_PROGRESS.has(usedState(used))) return usedStepOf(app, 'link-enviado', { linhas: resultRows(v, now) }, { dias: String(LINK_VALID_DAYS) });
      return { redirect: DIGITAL };
    }
    const link = validity(v.linkEnviadoEm, LINK_VALID_DAYS, now);
    const linkExpired = !link.valid && v.situacao === 'LINK_ENVIADO';
    const view: Omit<StepView, 'titulo'> = {
      linhas: [
        { label: app.text('seminovo.vistoria.link'), text: v.linkVistoria ?? app.text('comum.nao-informado') },
        { label: app.text('seminovo.vistoria.enviado-em'), text: formatDateTime(v.linkEnviadoEm) },
        { label: app.text('seminovo.vistoria.link-valido'), text: link.valid ? formatDateTime(link.until) : app.text('seminovo.vistoria.vencido') },
        ...resultRows(v, now),
      ],
    };
    if (linkExpired) return usedStepOf(app, 'link-enviado', { ...view, aviso: app.text('seminovo.vistoria.link-vencido', { dias: String(LINK_VALID_DAYS) }), formularios: [feeForm('form-reenviar-link', 'used-vehicle/inspection-resend-link', 'seminovo.vistoria.reenviar-link')] }, { dias: String(LINK_VALID_DAYS) });
    return usedStepOf(app, 'link-enviado', view, { dias: String(LINK_VALID_DAYS) });
  });

  app.actions.register('used-vehicle/inspection-resend-link', {
    idempotent: true,
    input: z.object({ cienteTaxas: z.literal(true, '@seminovo.erro.taxas') }),
    once: { key: (_input, { request }) => quotaMove(request, 'vistoria-digital-reenvio') },
    async handler(_input, { upstream }): Promise<ActionResult> {
      try {
        await usedUpstream.scheduleDigital(upstream!, quotaIdOf(upstream!));
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${DIGITAL}/linkenviado` };
    },
  });

  // ------------------------------------------------------------ technical: CEP, address, companion

  steps.set(`${TECHNICAL}/cep`, async (ctx, data) => {
    const used = guard(data);
    if ('redirect' in used) return used;
    if (draftOf(ctx.request)?.termos !== 'tecnica') return { redirect: `${TECHNICAL}/termos` };
    const cep = draftOf(ctx.request)?.endereco?.cep;
    return usedStepOf(app, 'cep', {
      formularios: [
        {
          id: 'form-cep',
          schema: { type: 'object', required: ['cep'], properties: { cep: { type: 'string', title: app.text('seminovo.campo.cep'), errorMessage: app.text('perfil.erro.cep') } } },
          uiSchema: { cep: { 'ui:placeholder': '00000-000' } },
          formData: { cep: cep ? formatCep(cep) : '' },
          rotulo: app.text('seminovo.vistoria.buscar-cep'),
          acao: 'used-vehicle/inspection-cep',
        },
      ],
    });
  });

  app.actions.register('used-vehicle/inspection-cep', {
    input: z.object({ cep: z.string('@perfil.erro.cep').max(12, '@perfil.erro.cep').refine((v) => parseCep(v) !== null, '@perfil.erro.cep') }),
    async handler(input): Promise<ActionResult> {
      return { kind: 'navigate', to: `${TECHNICAL}/endereco?cep=${parseCep(input.cep)}` };
    },
  });

  steps.set(`${TECHNICAL}/endereco`, async (ctx, data) => {
    const used = guard(data);
    if ('redirect' in used) return used;
    if (draftOf(ctx.request)?.termos !== 'tecnica') return { redirect: `${TECHNICAL}/termos` };
    const saved = draftOf(ctx.request)?.endereco;
    const wanted = parseCep(ctx.query.get('cep') ?? '') ?? saved?.cep ?? null;
    if (!wanted) return { redirect: `${TECHNICAL}/cep` };
    let form: Record<string, unknown> = saved && saved.cep === wanted ? { ...saved, cep: formatCep(wanted) } : { cep: formatCep(wanted) };
    let aviso: string | undefined;
    if (!saved || saved.cep !== wanted) {
      // The profile's CEP lookup, a secondary part: a failed lookup clears every address field
      // except the CEP (doc 2 §8) and the page still renders.
      const found = await ctx.secondary('cep', ctx.upstream!.request(registration.cep, { params: { zipcode: wanted } }), null);
      if (found) form = { cep: formatCep(wanted), logradouro: found.logradouro, numero: '', complemento: '', bairro: found.bairro, cidade: found.cidade, estado: found.uf };
      else {
        form = { cep: formatCep(wanted) };
        aviso = app.text('seminovo.vistoria.cep-nao-encontrado');
      }
    }
    return usedStepOf(app, 'endereco', {
      ...(aviso ? { aviso } : {}),
      formularios: [
        {
          id: 'form-endereco-vistoria',
          schema: {
            type: 'object',
            required: ['cep', 'logradouro', 'bairro', 'cidade', 'estado'],
            properties: {
              cep: { type: 'string', title: app.text('seminovo.campo.cep'), errorMessage: app.text('perfil.erro.cep') },
              logradouro: { type: 'string', title: app.text('seminovo.campo.logradouro'), errorMessage: app.text('erro.campo-obrigatorio') },
              numero: { type: 'string', title: app.text('seminovo.campo.numero') },
              complemento: { type: 'string', title: app.text('seminovo.campo.complemento') },
              bairro: { type: 'string', title: app.text('seminovo.campo.bairro'), errorMessage: app.text('erro.campo-obrigatorio') },
              cidade: { type: 'string', title: app.text('seminovo.campo.cidade'), errorMessage: app.text('erro.campo-obrigatorio') },
              estado: { type: 'string', title: app.text('seminovo.campo.uf'), enum: [...STATES], errorMessage: app.text('perfil.erro.uf') },
            },
          },
          uiSchema: { numero: { 'ui:help': app.text('seminovo.campo.numero-ajuda') } },
          formData: form,
          rotulo: app.text('seminovo.continuar'),
          acao: 'used-vehicle/inspection-address',
        },
      ],
      botoes: [navigate(app, 'seminovo.vistoria.outro-cep', `${TECHNICAL}/cep`, 'secondary')],
    });
  });

  app.actions.register('used-vehicle/inspection-address', {
    input: Address,
    async handler(input, { request }): Promise<ActionResult> {
      if (draftOf(request)?.termos !== 'tecnica') return { kind: 'navigate', to: `${TECHNICAL}/termos` };
      await patchDraft(request, { endereco: { cep: parseCep(input.cep)!, logradouro: input.logradouro, numero: addressNumber(input.numero), complemento: input.complemento ?? '', bairro: input.bairro, cidade: input.cidade, estado: input.estado } });
      return { kind: 'navigate', to: `${TECHNICAL}/acompanhante` };
    },
  });

  steps.set(`${TECHNICAL}/acompanhante`, async (ctx, data) => {
    const used = guard(data);
    if ('redirect' in used) return used;
    const draft = draftOf(ctx.request);
    if (draft?.termos !== 'tecnica') return { redirect: `${TECHNICAL}/termos` };
    if (!draft.endereco) return { redirect: `${TECHNICAL}/cep` };
    const a = draft.endereco;
    const noShow = usedState(used) === 'AGENDAMENTO_MANUAL_VISTORIA';
    return usedStepOf(app, 'acompanhante', {
      linhas: [{ label: app.text('seminovo.campo.endereco'), text: `${a.logradouro}, ${a.numero}${a.complemento ? ` ${a.complemento}` : ''} — ${a.bairro}, ${a.cidade}/${a.estado} · CEP ${formatCep(a.cep)}` }],
      aviso: feeTexts(ctx.upstream!, noShow).join(' '),
      formularios: [
        feeForm('form-acompanhante', 'used-vehicle/inspection-technical', 'seminovo.vistoria.confirmar-agendamento', {
          required: ['nome', 'telefone', 'data', 'hora'],
          schema: {
            nome: { type: 'string', title: app.text('seminovo.campo.acompanhante'), errorMessage: app.text('erro.campo-obrigatorio') },
            telefone: { type: 'string', title: app.text('seminovo.campo.telefone'), errorMessage: app.text('perfil.erro.telefone') },
            data: { type: 'string', format: 'date', title: app.text('seminovo.campo.data'), errorMessage: USED_MESSAGES.visitDate },
            hora: { type: 'string', title: app.text('seminovo.campo.hora'), errorMessage: USED_MESSAGES.visitDate },
          },
          uiSchema: { telefone: { 'ui:placeholder': '(51) 98765-4321' }, hora: { 'ui:placeholder': '14:30' } },
        }),
      ],
    });
  });

  app.actions.register('used-vehicle/inspection-technical', {
    idempotent: true,
    input: z.object({
      nome: z.string('@erro.campo-obrigatorio').trim().min(3, '@erro.campo-obrigatorio').max(80, '@erro.campo-obrigatorio'),
      telefone: z.string('@perfil.erro.telefone').max(20, '@perfil.erro.telefone'),
      data: z.string('@seminovo.erro.data').max(10, '@seminovo.erro.data'),
      hora: z.string('@seminovo.erro.data').max(5, '@seminovo.erro.data'),
      cienteTaxas: z.literal(true, '@seminovo.erro.taxas'),
    }),
    once: { key: (input, { request }) => quotaMove(request, 'vistoria-tecnica', { ...input, endereco: draftOf(request)?.endereco }) },
    async handler(input, { upstream, request }): Promise<ActionResult> {
      const draft = draftOf(request);
      if (draft?.termos !== 'tecnica' || !draft.endereco) return { kind: 'navigate', to: `${TECHNICAL}/termos` };
      const errors: Record<string, string> = {};
      const phone = input.telefone.replace(/\D/g, '');
      const phoneIssue = phoneProblem(phone, phone.length === 11 ? 3 : 1);
      if (phoneIssue) errors.telefone = phoneIssue;
      const when = /^\d{4}-\d{2}-\d{2}$/.test(input.data) && /^\d{2}:\d{2}$/.test(input.hora) ? dayjs.tz(`${input.data} ${input.hora}`, 'YYYY-MM-DD HH:mm', BRAZIL_TZ) : null;
      const visit = visitProblem(when?.isValid() ? when.valueOf() : null, await upstreamNow(upstream!));
      if (visit) errors[visit === USED_MESSAGES.visitPast ? 'data' : 'hora'] = visit;
      if (Object.keys(errors).length) return { kind: 'field-errors', errors };
      try {
        await usedUpstream.scheduleTechnical(upstream!, quotaIdOf(upstream!), draft.endereco, { nome: input.nome, telefone: phone, horarioVisita: when!.toISOString() });
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${TECHNICAL}/agendada` };
    },
  });

  steps.set(`${TECHNICAL}/agendada`, async (ctx, data) => {
    const used = guard(data, true);
    if ('redirect' in used) return used;
    const v = await inspectionOf(ctx.upstream!);
    const now = await upstreamNow(ctx.upstream!);
    if (v.tipoVistoria !== 'VISTORIA_TECNICA' || !v.acompanhante || !v.endereco) {
      // Under way with no schedule to show: what is known, never a redirect back (see linkenviado).
      if (IN_PROGRESS.has(usedState(used))) return usedStepOf(app, 'agendada', { linhas: resultRows(v, now) }, { horas: String(INSPECTOR_CONTACT_HOURS) });
      return { redirect: TECHNICAL };
    }
    const a = v.endereco;
    const linhas = [
      { label: app.text('seminovo.campo.endereco'), text: `${a.logradouro}, ${a.numero}${a.complemento ? ` ${a.complemento}` : ''} — ${a.bairro}, ${a.cidade}/${a.estado} · CEP ${formatCep(a.cep)}` },
      { label: app.text('seminovo.campo.acompanhante'), text: v.acompanhante.nome },
      { label: app.text('seminovo.campo.visita'), text: formatDateTime(v.acompanhante.horarioVisita) },
      ...resultRows(v, now),
    ];
    if (v.situacao === 'NAO_COMPARECEU') {
      return usedStepOf(app, 'agendada', { linhas, aviso: app.text('seminovo.vistoria.nao-compareceu', { taxa: formatMoney(INSPECTION_FEES.reagendamento) }), botoes: [navigate(app, 'seminovo.vistoria.reagendar', `${TECHNICAL}/cep`)] }, { horas: String(INSPECTOR_CONTACT_HOURS) });
    }
    return usedStepOf(app, 'agendada', { linhas }, { horas: String(INSPECTOR_CONTACT_HOURS) });
  });

  // ------------------------------------------------------------ refused inspection, Detran

  steps.set(`${SEMINOVO}/vistoriarecusada`, async (ctx, data) => {
    const used = usedProcess(data);
    if (!used) return NO_USED_PROCESS;
    const v = await inspectionOf(ctx.upstream!);
    const why = v.motivoRecusa ?? used.respostaAnalista;
    return usedStepOf(app, 'vistoria-recusada', {
      ...(why ? { aviso: why } : {}),
      itens: [app.text('seminovo.vistoria-recusada.outro-bem', { taxa: formatMoney(INSPECTION_FEES.vistoria) }), app.text('seminovo.vistoria-recusada.reenviar')],
      formularios: [
        {
          id: 'form-documento-vistoria',
          schema: { type: 'object', required: ['documento'], properties: { documento: { type: 'array', title: app.text('seminovo.vistoria-recusada.documento'), minItems: 1, maxItems: 2, items: { type: 'string', format: 'data-url' }, errorMessage: BILLING_FILE_MESSAGES.missing } } },
          uiSchema: { documento: { 'ui:options': { orderable: false, copyable: false, accept: '.pdf,.jpg,.jpeg' } } },
          formData: { documento: [''] },
          rotulo: app.text('veiculo.enviar'),
          acao: 'used-vehicle/inspection-document',
        },
        restartForm(app),
      ],
    });
  });

  app.actions.register('used-vehicle/inspection-document', {
    bodyLimit: 20 * 1024 * 1024,
    files: BILLING_UPLOADS,
    input: z.object({ documento: z.array(z.string()).max(5).default([]) }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const parsed = input.documento.filter(Boolean).map((v) => parseDataUrl(v, ANY_TYPE));
      if (parsed.length === 0) return { kind: 'field-errors', errors: { documento: BILLING_FILE_MESSAGES.missing } };
      if (parsed.some((p) => p === null)) return { kind: 'field-errors', errors: { documento: BILLING_FILE_MESSAGES.badFormat } };
      const problem = billingFilesProblem(parsed.map((p) => p!.data), 2);
      if (problem) return { kind: 'field-errors', errors: { documento: problem } };
      try {
        const ids: string[] = [];
        for (const p of parsed) ids.push((await uploadFile(upstream!, { ...p!, type: sniffType(p!.data)! }, 'faturamento-veiculo', 'Documento da vistoria')).id);
        await usedUpstream.reanalysis(upstream!, quotaIdOf(upstream!), ids);
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${SEMINOVO}/vistoriarecusada/documentoreenviado` };
    },
  });

  steps.set(`${SEMINOVO}/vistoriarecusada/documentoreenviado`, async (_ctx, data) => (usedProcess(data) ? usedStepOf(app, 'documento-reenviado', { botoes: [navigate(app, 'seminovo.voltar-acompanhamento', SEMINOVO)] }) : NO_USED_PROCESS));

  steps.set(`${SEMINOVO}/pendencia-detran`, async (_ctx, data) => {
    const used = usedProcess(data);
    if (!used) return NO_USED_PROCESS;
    if (usedState(used) !== 'PENDENCIA_DETRAN') return { redirect: SEMINOVO };
    return usedStepOf(app, 'pendencia-detran', {
      ...(used.respostaAnalista ? { aviso: used.respostaAnalista } : {}),
      formularios: [
        {
          id: 'form-detran',
          schema: { type: 'object', required: ['resolvido'], properties: { resolvido: { type: 'boolean', title: app.text('seminovo.detran.resolvido'), errorMessage: app.text('seminovo.erro.detran') } } },
          uiSchema: {},
          formData: {},
          rotulo: app.text('seminovo.detran.acao'),
          acao: 'used-vehicle/detran-resolved',
        },
      ],
    });
  });

  app.actions.register('used-vehicle/detran-resolved', {
    input: z.object({ resolvido: z.literal(true, '@seminovo.erro.detran') }),
    async handler(_input, { upstream }): Promise<ActionResult> {
      try {
        await vehicleUpstream.resolveDetran(upstream!, quotaIdOf(upstream!));
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: SEMINOVO };
    },
  });

}
