/**
 * A follow-up timeline (payment, refund, vehicle billing) as the screen's `timeline` component
 * wants it: each upstream event's situation → the step's status and its words. Shared by every
 * follow-up, so a refund or a vehicle timeline reads the same as the cash payment.
 */
export type StepStatus = 'done' | 'current' | 'todo' | 'error';

/** The back office's event situations (core timeline: Aberto, Concluido, Fechado, Pendente, Erro). */
const BY_SITUATION: Readonly<Record<string, StepStatus>> = {
  Aberto: 'current',
  Concluido: 'done',
  Fechado: 'done',
  Pendente: 'todo',
  Erro: 'error',
};

/** An unknown situation reads as pending rather than failing the screen. */
export function stepStatus(situation: string): StepStatus {
  return BY_SITUATION[situation] ?? 'todo';
}

export interface TimelineStep {
  title: string;
  status: StepStatus;
  statusText: string;
  when?: string;
}

/** Text key of each status's words (screens/texts: timeline.status.*). */
export const STATUS_TEXT_KEY: Readonly<Record<StepStatus, string>> = {
  done: 'timeline.status.done',
  current: 'timeline.status.current',
  todo: 'timeline.status.todo',
  error: 'timeline.status.error',
};

export function timelineSteps(
  events: ReadonlyArray<{ title: string; situation: string; when?: string }>,
  text: (key: string) => string,
): TimelineStep[] {
  return events.map((e) => {
    const status = stepStatus(e.situation);
    return { title: e.title, status, statusText: text(STATUS_TEXT_KEY[status]), ...(e.when ? { when: e.when } : {}) };
  });
}
