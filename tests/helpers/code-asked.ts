import type { FastifyInstance } from 'fastify';
import type { client } from './api-client.js';

/** The server-side session behind a client's cookie (the store `app` shares with the instance it logged in on). */
export async function sessionOf(app: FastifyInstance, c: ReturnType<typeof client>) {
  const cookie = c.agent.jar.getCookie('sid', { domain: 'localhost', path: '/', secure: false, script: false } as never);
  return cookie ? app.sessions.get(cookie.value) : null;
}

/**
 * Marks a login waiting for its one-time code as having asked for one by SMS at `sentAt` (a code
 * answers only a login that asked for it), without spending the hour's sends of the account.
 */
export async function markCodeAsked(app: FastifyInstance, c: ReturnType<typeof client>, sentAt = Date.now()) {
  const session = await sessionOf(app, c);
  if (!session?.data.mfa?.pending) throw new Error('no login waiting for a code behind this client');
  await app.sessions.patch(session, { mfa: { ...session.data.mfa, channel: 'sms', sentAt } });
  return c;
}
