import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatDateTime } from '../../domain/clock.js';
import { formatMoney } from '../../domain/format.js';
import { parseCep } from '../../domain/registration.js';
import { INSPECTION_FEES, RESULT_VALID_DAYS, USED_MESSAGES, validity } from '../../domain/used-vehicle.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { upstreamNow } from '../../upstream/server-time.js';
import { quotaIdOf, type StepForm } from './flow.js';
import { BEFORE_VEHICLE, NO_USED_PROCESS, SEMINOVO, usedProcess, usedState } from './used-flow.js';
import { usedUpstream, type InspectionState } from './used-vehicle-upstream.js';
import type { VehicleBillingData } from './vehicle-billing-upstream.js';

export const DIGITAL = `${SEMINOVO}/vistoriadigital`;
export const TECHNICAL = `${SEMINOVO}/vistoriatecnica`;
export type Kind = 'digital' | 'tecnica';
export const STATES = ['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'] as const;
/** States in which the inspection was asked and runs (doc 2 §4.5 "inspection in progress"). */
export const IN_PROGRESS = new Set(['ERRO_VISTORIA', 'AGENDAMENTO_MANUAL_VISTORIA', 'LAUDO_RECEBIDO', 'VISTORIA_TECNICA_SOLICITADA', 'VISTORIA_DIGITAL_SOLICITADA', 'VISTORIA_AGENDADA']);
export const ANY_TYPE = ['application/pdf', 'image/jpeg', 'image/jpg', 'image/png', 'application/octet-stream', 'text/plain'];

export const Address = z.object({
  cep: z.string('@perfil.erro.cep').refine((v) => parseCep(v) !== null, '@perfil.erro.cep'),
  logradouro: z.string('@erro.campo-obrigatorio').trim().min(1, '@erro.campo-obrigatorio').max(120, '@erro.campo-obrigatorio'),
  numero: z.string().trim().max(10).optional(),
  complemento: z.string().trim().max(60).optional(),
  bairro: z.string('@erro.campo-obrigatorio').trim().min(1, '@erro.campo-obrigatorio').max(80, '@erro.campo-obrigatorio'),
  cidade: z.string('@erro.campo-obrigatorio').trim().min(1, '@erro.campo-obrigatorio').max(80, '@erro.campo-obrigatorio'),
  estado: z.enum(STATES, '@perfil.erro.uf'),
});

/** What the inspection's screens and actions share: the customer's draft, the guard, the fee texts and form. */
export function inspectionKit(app: FastifyInstance) {
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

  /** The report, when it came: when and until when it is valid (45 days, back office's clock). */
  const resultRows = (v: InspectionState, now: number) => {
    if (!v.resultadoEm) return [];
    const r = validity(v.resultadoEm, RESULT_VALID_DAYS, now);
    return [
      { label: app.text('seminovo.vistoria.laudo'), text: formatDateTime(v.resultadoEm) },
      { label: app.text('seminovo.vistoria.resultado-valido'), text: r.valid ? formatDateTime(r.until) : app.text('seminovo.vistoria.vencido') },
    ];
  };

  return { draftOf, patchDraft, inspectionOf, agent, feeTexts, feeForm, guard, expiredResult, resultRows };
}
