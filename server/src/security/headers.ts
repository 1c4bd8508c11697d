import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { boundedMemo } from '../lib/bounded-memo.js';
import { answerHeadersSetter } from './answer-headers.js';

/**
 * Helmet's headers as a fixed list, computed once. The headers do not depend on the request, and
 * @fastify/helmet rebuilt the helmet middleware (options parsing, CSP string) in two hooks on every
 * request — most of what a bare route cost over a bare Fastify hello.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/** Content types a browser renders as a document (a page, an SVG or a PDF opened on its own). */
const DOCUMENT_TYPE = /^\s*(?:text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|application\/pdf)\b/i;

/** The verdict per Content-Type value (an app answers with a handful of them, nearly all JSON). */
const documentVerdicts = boundedMemo<string, boolean>(64);

/** Whether an answer of this Content-Type is rendered as a document when opened. */
export const isDocumentType = (type: unknown): boolean => typeof type === 'string' && documentVerdicts(type, () => DOCUMENT_TYPE.test(type));

/**
 * Security headers, in two sets computed once at start. Every answer carries the first, set before
 * any other hook (so that a refused host's 421 has it too): HSTS outside local development,
 * nosniff, Referrer-Policy, Cross-Origin-Resource-Policy and a CSP that lets the answer load
 * nothing and be framed by nobody (`default-src 'none'`: a JSON answer opened as a page runs and
 * shows nothing), as OWASP's REST guidance and ASVS V3.4 ask of API answers. An answer a browser
 * renders as a document (HTML, SVG, XML, PDF, by its Content-Type) also gets the headers that only
 * a document reads (COOP, Origin-Agent-Cluster, X-DNS-Prefetch-Control, …) and, unless it set its
 * own (the page's carries a nonce, renderer.ts), the document CSP below. Six headers fewer on
 * every JSON answer are fewer bytes for Node to validate and the kernel to send
 * (docs/performance.md).
 */
export default fp(
  async (app) => {
    const upstreamOrigin = new URL(app.config.UPSTREAM_URL).origin;
    const common = {
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: app.config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      // Framing is governed by CSP frame-ancestors (per-partner allowlist on the page).
      frameguard: false,
    } satisfies HelmetOptions;
    const documentHeaders = helmetHeaders({
      ...common,
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
    });
    const everyAnswer = helmetHeaders({
      ...common,
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    });
    const answerCsp = everyAnswer['content-security-policy'];
    const { 'content-security-policy': documentCsp, ...documentOnly } = Object.fromEntries(
      Object.entries(documentHeaders).filter(([name, value]) => everyAnswer[name] !== value),
    );

    const setEveryAnswer = answerHeadersSetter(everyAnswer);
    app.addHook('onRequest', (_request, reply, done) => {
      setEveryAnswer(reply);
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (isDocumentType(reply.getHeader('content-type'))) {
        reply.headers(documentOnly);
        if (documentCsp && reply.getHeader('content-security-policy') === answerCsp) reply.header('content-security-policy', documentCsp);
      }
      done(null, payload);
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
