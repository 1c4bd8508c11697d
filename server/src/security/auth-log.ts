import type { FastifyRequest } from 'fastify';

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

/**
 * One `auth` line per authentication attempt, through the request's logger (so it carries the
 * request id) with the trusted client address: info for a success, warn otherwise. `reason` is a
 * short code (why it failed or was refused; on a success, what follows: `code-owed`, the channel a
 * code went to), never what was typed: no CPF/CNPJ, password, code or token ever goes in here.
 * `staff` names the staff member of a successful console login.
 */
export function logAuth(request: Pick<FastifyRequest, 'log' | 'ip'>, pathway: AuthPathway, outcome: AuthOutcome, reason?: string, extra?: { staff?: string }): void {
  const line = { event: 'auth', pathway, outcome, ...(reason ? { reason } : {}), ip: request.ip, ...extra };
  if (outcome === 'success') request.log.info(line, 'auth attempt');
  else request.log.warn(line, 'auth attempt');
}
