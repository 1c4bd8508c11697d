import type { FastifyInstance } from 'fastify';
import dayjs from 'dayjs';
import { z } from 'zod';
import { formatCep } from '@brazilian-utils/brazilian-utils';
import { registration } from '../../../../back-office/index.js';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { BRAZIL_TZ, formatDateTime } from '../../domain/clock.js';
import { formatMoney } from '../../domain/format.js';
import { parseCep, phoneProblem } from '../../domain/registration.js';
import { addressNumber, INSPECTION_FEES, INSPECTOR_CONTACT_HOURS, USED_MESSAGES, visitProblem } from '../../domain/used-vehicle.js';
import { upstreamNow } from '../../upstream/server-time.js';
import { navigate, quotaIdOf, refusalOf, type Steps } from './flow.js';
import { usedState, usedStepOf } from './used-flow.js';
import { usedUpstream } from './used-vehicle-upstream.js';
import { quotaMove } from '../../security/once.js';
import { TECHNICAL, STATES, IN_PROGRESS, Address, inspectionKit } from './used-inspection-kit.js';

/** Used vehicle, technical inspection (doc 2 §4.5): CEP lookup, address, companion with a date and time not in the past. */
export default async function usedInspectionTechnical(app: FastifyInstance, { steps }: { steps: Steps }) {
  const { draftOf, patchDraft, inspectionOf, feeTexts, feeForm, guard, resultRows } = inspectionKit(app);

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
    consistency: [{ fields: ['data', 'hora'], rule: 'the visit’s date and time, in Brasília, are after the back office’s now', message: USED_MESSAGES.visitPast, by: 'handler' }],
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
}
