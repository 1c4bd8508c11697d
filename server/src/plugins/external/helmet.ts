import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers. The CSP allows no inline script or style and no eval; images may also come
 * from the upstream origin (partner logos and icons).
 */
export default fp(
  async (app) => {
    const upstreamOrigin = new URL(app.config.UPSTREAM_URL).origin;
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', upstreamOrigin],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: app.config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
