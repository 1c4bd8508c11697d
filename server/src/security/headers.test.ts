import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './headers.js';

const options = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  crossOriginEmbedderPolicy: false,
  frameguard: false as const,
};

describe('security headers computed once', () => {
  it('are exactly the headers helmet sets on a response, with the same values', async () => {
    const app = Fastify();
    await app.register(fastifyHelmet, options);
    app.get('/', async () => 'ok');
    const res = await app.inject('/');
    const fixed = helmetHeaders(options);
    const fromHelmet = Object.fromEntries(Object.keys(fixed).map((k) => [k, res.headers[k]]));
    expect(fixed).toEqual(fromHelmet);
    expect(Object.keys(fixed).length).toBeGreaterThanOrEqual(10);
    expect(fixed['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(fixed['content-security-policy']).toBe("default-src 'self';frame-ancestors 'none'");
    await app.close();
  });
});
