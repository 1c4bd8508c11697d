import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { logAuth } from '../../../security/auth-log.js';
import { STAFF_LOGIN_TOO_MANY, StaffLoginThrottle } from '../../../security/staff-login-throttle.js';
import { StaffAccounts, type StaffMember } from '../staff.js';

const LOGIN_FAILED = 'Usuário ou senha da equipe inválidos.';

/**
 * The password accounts' login (OPS_USERS; never in production, where staff sign in at the
 * identity provider): tries bounded per login and per address, passwords checked against their
 * salted scrypt hashes.
 */
export function passwordSignIn(app: FastifyInstance, spec: string, signedIn: (reply: FastifyReply, member: StaffMember, tokens: null) => Promise<void>): void {
  const staff = new StaffAccounts(spec);
  const throttle = new StaffLoginThrottle(app.counters);
  app.actions.register('ops/login', {
    public: true,
    input: z.object({ login: z.string('@erro.campo-obrigatorio').min(1, '@erro.campo-obrigatorio').max(64), senha: z.string('@erro.campo-obrigatorio').min(1, '@erro.campo-obrigatorio').max(128) }),
    async handler(input, { reply }) {
      if (!(await throttle.reserve(input.login, reply.request.ip))) {
        logAuth(reply.request, 'console', 'refused', 'limit');
        return { kind: 'field-errors', errors: {}, message: STAFF_LOGIN_TOO_MANY };
      }
      const member = await staff.verify(input.login, input.senha);
      await (member ? throttle.succeeded(input.login) : throttle.failed(reply.request.ip));
      if (!member) {
        // The log tells the two apart (the answer does not); a login typed wrong is not written, it may be a password.
        logAuth(reply.request, 'console', 'failure', staff.has(input.login) ? 'wrong-password' : 'unknown-login');
        return { kind: 'field-errors', errors: {}, message: LOGIN_FAILED };
      }
      logAuth(reply.request, 'console', 'success', undefined, { staff: member.login });
      await signedIn(reply, member, null);
      return { kind: 'navigate', to: '/ops', replace: true };
    },
  });
}
