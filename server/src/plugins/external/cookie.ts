import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';

/** @fastify/cookie; the secret signs short-lived helper cookies (the session cookie is an opaque id). */
export default fp(
  async (app) => {
    await app.register(cookie, { secret: app.config.COOKIE_SECRET ?? randomBytes(32).toString('hex') });
  },
  { name: 'cookie', dependencies: ['config'] },
);
