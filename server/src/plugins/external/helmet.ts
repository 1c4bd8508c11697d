import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers for every response (HSTS outside local development, Referrer-Policy, nosniff…).
 * This CSP covers API answers; the page gets its own with a per-response nonce (renderer.ts).
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
      // Framing is governed by CSP frame-ancestors (per-partner allowlist on the page).
      frameguard: false,
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
