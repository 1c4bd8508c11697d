import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';

/**
 * @fastify/cookie, without a signing secret: the session cookies carry an opaque id, and the
 * helper cookies that carry state are sealed, bound to their purpose, host and lifetime
 * (security/helper-cookies.ts). Every cookie set or cleared starts from HttpOnly,
 * SameSite=Strict, Path=/ and, outside local development, Secure: a browser ignores a `__Host-`
 * cookie without Secure, so a clear that named only its path would leave the cookie in place. No
 * request hook: the header is parsed on its first read (`cookiesOf`, lib/cookies.ts).
 */
export default fp(
  async (app) => {
    await app.register(cookie, {
      hook: false,
      parseOptions: { httpOnly: true, sameSite: 'strict', path: '/', secure: app.config.secureCookies },
    });
  },
  { name: 'cookie', dependencies: ['config'] },
);
