import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ConsistencyRule } from '../../composition/actions.js';

/** What the chain has collected so far, in a sealed HttpOnly cookie (no session exists yet; security/helper-cookies.ts). */
export const ForgotState = z.object({
  documento: z.string().max(14),
  data: z.string().max(10).optional(),
  email: z.string().max(254).optional(),
  /** The identity check started for a forgotten e-mail. */
  checkId: z.string().max(200).optional(),
});
export type ForgotState = z.infer<typeof ForgotState>;

/** Reads and writes the chain's state; shared with the forgotten-e-mail identity check. */
export interface ForgotFlow {
  read(request: FastifyRequest): ForgotState | null;
  keep(reply: FastifyReply, state: ForgotState): void;
}

/** A new e-mail typed twice: 'E-mail inválido', 'Os e-mails informados não são iguais.' */
export const NewEmailInput = z
  .object({ email: z.email('@esqueci.erro.email').max(254, '@esqueci.erro.email'), confirmacao: z.string('@esqueci.erro.email-diferente') })
  .refine((v) => v.email.toLowerCase() === v.confirmacao.trim().toLowerCase(), { message: '@esqueci.erro.email-diferente', path: ['confirmacao'] });

/** NewEmailInput's rule, declared by each action that takes it (docs/validation.md). */
export const NEW_EMAIL_RULES: readonly ConsistencyRule[] = [
  { fields: ['email', 'confirmacao'], rule: 'the confirmation equals the e-mail, case and surrounding spaces aside', message: '@esqueci.erro.email-diferente', by: 'schema' },
];
