import { z } from 'zod';
import { isCancelled, isContemplated, type QuotaState } from './quota-flags.js';
import { norm, type CrmCase } from './cases.js';
import { emailProblem, phoneProblem } from './registration.js';

/**
 * Inputs of the reactivation card table (screens/flows/reactivation-card.json, doc 2 §4.8, §9):
 * the table decides; this only reads the quota and the cases. `assembleiasRestantes` is the total
 * (the group term) minus the current assembly, so "current ≤ total − 5" reads "restantes ≥ 5".
 */
export interface ReactivationQuota extends QuotaState {
  assembleiaAtual?: number | undefined;
  prazo?: number | undefined;
  parcelasPagas?: number | undefined;
}

export function reactivationInputs(quota: ReactivationQuota, cases: readonly Pick<CrmCase, 'Status'>[], today: string) {
  return {
    cancelada: isCancelled(quota),
    contemplada: isContemplated(quota, today),
    assembleiasRestantes: (quota.prazo ?? 0) - (quota.assembleiaAtual ?? 0),
    parcelasPagas: quota.parcelasPagas ?? 0,
    casoEmAndamento: cases.some((c) => c.Status.toUpperCase().replace(/\s+/g, '_') === 'EM_ANDAMENTO'),
  };
}

/** The post-sale case type (doc 2 §3.2, §4.7). */
export const isPostSaleCase = (c: Pick<CrmCase, 'Type'>) => norm(c.Type) === 'atendimento pos-venda';

/**
 * Inputs of the post-sale card table (screens/flows/post-sale-card.json, doc 2 §4.7): the phase
 * and status as the CRM writes them (case and accents ignored) and the stage number the
 * description starts with ('Etapa 2 - …' → 2; none → 0).
 */
export function postSaleInputs(c: Pick<CrmCase, 'Status' | 'Fase__c' | 'Description'>) {
  const stage = /^etapa\s*(\d+)/.exec(norm(c.Description ?? ''));
  return { status: c.Status.toUpperCase().replace(/\s+/g, '_'), phase: norm(c.Fase__c), etapa: stage ? Number(stage[1]) : 0 };
}

/** A call-back phone: area code plus number (doc 2 §5). */
export function callbackPhoneProblem(number: string): string | null {
  const digits = number.replace(/\D/g, '');
  if (digits.length === 8 || digits.length === 9) return 'Informe o telefone com DDD.';
  return phoneProblem(digits);
}

/**
 * The input of a contact request, as reactivation and insurance take it: phone, e-mail (both
 * required) and the period to call back (morning or afternoon; the flow names the message).
 */
export const contactRequestInput = (periodMessage: string) =>
  z.object({
    telefone: z.string('@erro.campo-obrigatorio').trim().min(1, '@erro.campo-obrigatorio'),
    email: z.string('@erro.campo-obrigatorio').trim().min(1, '@erro.campo-obrigatorio'),
    horario: z.enum(['MANHA', 'TARDE'], periodMessage),
  });

/** The field errors of a contact request (phone with area code, e-mail), as reactivation and insurance ask it; empty when both check. */
export function contactProblems(input: { telefone: string; email: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  const phone = callbackPhoneProblem(input.telefone);
  if (phone) errors.telefone = phone;
  const email = emailProblem(input.email);
  if (email) errors.email = email;
  return errors;
}
