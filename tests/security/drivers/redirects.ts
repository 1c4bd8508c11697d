/**
 * How each redirect-bearing action is brought to use its return-to: who sends it, in which session,
 * with which body. Fields named as a return-to are found in the OpenAPI (surface.ts); an action
 * with one and no context here fails surface-is-covered.test.ts.
 */
import { persona } from '../../helpers/personas.js';

export type RedirectSession = 'none' | 'code-pending' | 'logged-in';

export interface RedirectContext {
  persona: string;
  session: RedirectSession;
  /** The body around the return-to (`quota` is replaced by the persona's first quota id). */
  body: Record<string, unknown>;
  /**
   * Only these payloads, each in a fresh session: the action gives a destination once per session
   * and sends a one-time code to do it (5 codes per hour per account).
   */
  once?: string[];
}

const ana = persona('ana');
const lara = persona('lara');

export const REDIRECT_CONTEXTS: Record<string, RedirectContext> = {
  'auth/login': { persona: 'ana', session: 'none', body: { modo: 'documento', documento: ana.document, senha: ana.password } },
  'auth/identify': { persona: 'ana', session: 'none', body: { documento: ana.document } },
  'auth/otp-send': { persona: 'lara', session: 'code-pending', body: { canal: 'sms' } },
  'auth/otp-confirm-document': { persona: 'lara', session: 'code-pending', body: { documento: lara.document }, once: ['/\t/example.org'] },
  'auth/otp-confirm-email': { persona: 'lara', session: 'code-pending', body: { email: 'lara.barbosa@example.com.br' }, once: ['/\r/example.org'] },
  'auth/otp-verify': { persona: 'lara', session: 'code-pending', body: { codigo: 'CODE' }, once: ['/\n/example.org'] },
  'quotas/select': { persona: 'ana', session: 'logged-in', body: { idCota: 'quota' } },
};
