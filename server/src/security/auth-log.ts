import { securityEvent, type SecurityEvent, type SecurityFields } from './security-events.js';

/** How someone tried to authenticate: the customer's password (by document, quota or the mobile step), the one-time code, the console, a partner's token, a biometric credential. */
export type AuthPathway =
  | 'password-documento'
  | 'password-cota'
  | 'password-mobile'
  | 'otp-send'
  | 'otp-verify'
  | 'console'
  | 'transparent'
  | 'biometric';

/** `failure`: the credential was checked and was wrong; `refused`: no check was made (limit, block, nothing to check). */
export type AuthOutcome = 'success' | 'failure' | 'refused';

/** The security event an authentication attempt is (security-events.ts). */
function eventOf(pathway: AuthPathway, outcome: AuthOutcome, reason: string | undefined): SecurityEvent {
  if (reason === 'limit' || reason === 'send-limit') return 'limit.reached';
  if (reason === 'replayed-token') return 'token.replayed';
  if (pathway === 'console') return outcome === 'success' ? 'staff.signed-in' : 'staff.sign-in-failed';
  if (pathway === 'otp-send') return outcome === 'success' ? 'code.sent' : 'code.refused';
  if (pathway === 'otp-verify') {
    if (outcome === 'success') return 'login.succeeded';
    if (reason === 'expired-code') return 'code.expired';
    return outcome === 'failure' && reason !== 'unavailable' ? 'code.wrong' : 'code.refused';
  }
  if (outcome === 'success') return 'login.succeeded';
  return reason === 'blocked' ? 'login.blocked' : 'login.failed';
}

/**
 * One security event per authentication attempt, through the request's logger (so it carries the
 * request id) with the trusted client address: info for a success, warn otherwise. The line keeps
 * the attempt's `pathway`, `outcome` and `reason` (a short code: why it failed or was refused; on a
 * success, what follows: `code-owed`, the channel a code went to), never what was typed: no
 * CPF/CNPJ, password, code or token ever goes in here; the customer, when known, only as a
 * pseudonym. `staff` names the staff member of a console login.
 */
export function logAuth(request: Parameters<typeof securityEvent>[0], pathway: AuthPathway, outcome: AuthOutcome, reason?: string, extra?: Pick<SecurityFields, 'staff' | 'customer'>): void {
  securityEvent(request, eventOf(pathway, outcome, reason), { pathway, outcome, ...(reason ? { reason } : {}), ...extra });
}
