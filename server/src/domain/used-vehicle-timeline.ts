import type { StepStatus } from './timeline.js';

/**
 * The used-vehicle timeline (doc 2 §4.5), framework-free: six steps in order; the process state's
 * step (table `used-vehicle-step`) is open, the ones before it concluded, the ones after it
 * closed; on the payment step the payment's own state (table `payment-step`) decides — sent →
 * concluded, in progress or reprocessing → pending ("até N dias úteis"), reversed → error.
 */
export const USED_STEPS = ['atualizacao-cadastral', 'simulacao', 'vistoria', 'dados-proprietario', 'assinatura-contrato', 'pagamento'] as const;
export type UsedStep = (typeof USED_STEPS)[number];

/** Step states of the definitions (vocabulary `stepState`; core timeline Aberto, Concluido, Fechado, Pendente, Erro). */
export type StepState = 'aberto' | 'fechado' | 'concluido' | 'pendente' | 'erro';

/** How the screen's `timeline` component draws each state. */
export const STATE_STATUS: Readonly<Record<StepState, StepStatus>> = {
  aberto: 'current',
  pendente: 'current',
  concluido: 'done',
  fechado: 'todo',
  erro: 'error',
};

/** The payment of a used vehicle is due within this many business days (doc 2 §9: "deadline is 5 business days after a date"). */
export const USED_PAYMENT_BUSINESS_DAYS = 5;

export interface UsedTimelineStep {
  step: UsedStep;
  state: StepState;
}

/** Each step's state, given the current step and (on the payment step) the payment's state. */
export function usedTimeline(current: UsedStep, paymentState: StepState | null): UsedTimelineStep[] {
  const at = USED_STEPS.indexOf(current);
  return USED_STEPS.map((step, i) => ({
    step,
    state: i < at ? 'concluido' : i > at ? 'fechado' : step === 'pagamento' && paymentState ? paymentState : 'aberto',
  }));
}
