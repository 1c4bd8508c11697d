import type { FastifyRequest } from 'fastify';
import { pseudonym } from '../storage/pseudonym.js';

/**
 * Security events: one structured log line each, with a stable `event` name an operator alerts on
 * (docs/operations.md lists them with their fields and what an alert means). Every line carries
 * `category: 'security'`, the request id and the trusted client address; the customer appears only
 * as `subject`, a keyed pseudonym of partner and CPF/CNPJ (or quota login), never a CPF, name,
 * token, code or password.
 */
export const SECURITY_EVENTS = {
  'login.succeeded': 'a customer signed in (password, transparent token, biometrics, or the one-time code that completes a login)',
  'login.failed': 'a credential was checked and was wrong, or nothing could be checked (no document, a malformed token)',
  'login.blocked': 'a login was refused before any check: the account is blocked',
  'code.sent': 'a one-time code was sent (SMS or e-mail)',
  'code.refused': 'a code was not sent: the destination was not confirmed, or asked again too soon',
  'code.wrong': 'a one-time code was checked and was wrong',
  'code.expired': 'a one-time code was checked after its lifetime',
  'limit.reached': 'a limit refused a request (login tries, codes, console logins, requests per session or address)',
  'access.refused': 'a request was refused by a rule: guard, ownership, role, partner, host or the console’s host',
  'token.replayed': 'a one-use token (transparent login) was presented again',
  'session.ended': 'customer sessions ended: by their customer (logout; another session or all the others, from the sessions screen) or by an approver in the console',
  'session.revoked': 'the back office refused a session’s refresh token (its life over, revoked, used twice, the account disabled): that session ended',
  'staff.signed-in': 'a staff member signed in to the console',
  'staff.sign-in-failed': 'a console sign-in was refused (wrong password, unknown login)',
  'staff.signed-out': 'a staff member signed out of the console',
  'staff.role-changed': 'the identity provider gave a signed-in staff member another console role, or none (their session ended)',
  'flow.published': 'a staff member published a flow version (or asked for its approval)',
  'flow.approved': 'an approver approved (or refused) a publish waiting for a second person',
  'flow.rolled-back': 'a staff member rolled a flow back to an earlier version',
} as const;

export type SecurityEvent = keyof typeof SECURITY_EVENTS;

/** Events that are the normal course of things: logged at info; every other one at warn. */
const ROUTINE = new Set<SecurityEvent>(['login.succeeded', 'code.sent', 'session.ended', 'staff.signed-in', 'staff.signed-out', 'flow.published', 'flow.approved', 'flow.rolled-back']);

export interface SecurityFields {
  /** What was tried and how it ended, for the authentication events. */
  pathway?: string;
  outcome?: 'success' | 'failure' | 'refused';
  /**
   * A short code: why it failed or was refused, or how it came about (`session.ended`: customer,
   * customer-other, customer-all-others, approver); never what was typed.
   */
  reason?: string;
  /** The customer, by account (CPF/CNPJ digits or quota login) and partner; logged as its pseudonym only. */
  customer?: { partnerId: number; account: string };
  /** The staff member's login (staff are named: their actions are audited). */
  staff?: string;
  /** What the event acted on: a flow, a route, a rule. */
  target?: string;
  /** How many things it acted on (the sessions one ending ended). */
  count?: number;
}

type EventRequest = Pick<FastifyRequest, 'log' | 'ip'> & { server: { config: { subjectKey: Buffer } }; session?: { data: { partnerId: number; customer: { inscricaoNacional: string } } } | null };

/** Writes one security event's line through the request's logger. */
export function securityEvent(request: EventRequest, event: SecurityEvent, fields: SecurityFields = {}): void {
  const { customer, ...rest } = fields;
  const who = customer ?? (request.session ? { partnerId: request.session.data.partnerId, account: request.session.data.customer.inscricaoNacional } : undefined);
  const line = { category: 'security', event, ...rest, ip: request.ip, ...(who ? { subject: pseudonym(request.server.config.subjectKey, who.partnerId, who.account) } : {}) };
  if (ROUTINE.has(event)) request.log.info(line, event);
  else request.log.warn(line, event);
}
