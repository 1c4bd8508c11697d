import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { consoleText } from './console-texts.js';
import type { StaffSession } from './staff-sessions.js';
import { ROLES_FOR } from './staff.js';

/** The 403's message for each kind of console action (none for `staff`: every staff member may). */
const refusalFor = (needs: keyof typeof ROLES_FOR) => (needs === 'staff' ? undefined : consoleText(needs === 'publish' ? 'ops.erro.somente-leitura' : 'ops.erro.so-aprovacao'));

/**
 * Registers a console action (`ops/<name>`) for the roles of `needs`: the role guard
 * (security/console-access) has refused everyone else before the body was read; the customer
 * session plays no part.
 */
export function staffAction<S extends z.ZodType>(
  app: FastifyInstance,
  name: string,
  input: S,
  handler: (input: z.output<S>, member: StaffSession, reply: FastifyReply) => Promise<ActionResult>,
  needs: keyof typeof ROLES_FOR = 'staff',
): void {
  app.actions.register(`ops/${name}`, {
    consoleRoles: ROLES_FOR[needs],
    consoleRefusal: refusalFor(needs),
    input,
    async handler(parsed, { request, reply }) {
      return handler(parsed, request.consoleMember as StaffSession, reply);
    },
  });
}

/** An error the console shows in its modal, under the app's error title. */
export const consoleError = (app: FastifyInstance, key: string, values?: unknown): ActionResult => ({ kind: 'error', title: app.text('erro.titulo'), message: consoleText(key, values) });
