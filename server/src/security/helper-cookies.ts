import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { cookiesOf } from '../lib/cookies.js';
import type { SealKeys } from '../storage/sealing.js';
import { hostnameOf } from './allowed-hosts.js';

/**
 * The cookies that carry a little state before there is a session: the forgot-password chain, the
 * CPF/CNPJ remembered between the mobile login's two steps, and the mark of a device that enrolled
 * biometrics. Each value is sealed (AES-256-GCM, storage/sealing.ts) under the session store's key
 * ring, so the browser's cookie store holds no personal data in clear, and the seal binds:
 * - its **purpose**: a value made for one cookie never opens as another's;
 * - its **audience**: the host it was made on (each partner's own domain), so a value copied to
 *   another partner's host opens to nothing;
 * - its **lifetime**: the time it expires is sealed with it and checked on every read, whatever
 *   the browser's Max-Age did;
 * - its **key**: the value names the key id and the seal's version; the newest key seals, every
 *   listed key opens, so the keys rotate without ending a chain in progress.
 * A value that does not open, or opens expired, reads as no cookie at all.
 */
export type HelperPurpose = 'forgot-password' | 'login-hint' | 'biometric-device';

export interface HelperCookieSpec {
  purpose: HelperPurpose;
  /** The cookie's name; `__Host-Http-` is put before it where cookies are Secure. */
  name: string;
  /** How long a value is accepted after it is written. */
  lifetimeSeconds: number;
}

export interface HelperCookie {
  readonly name: string;
  /** The value this server sealed for this purpose and host, unexpired; null otherwise. */
  read(request: FastifyRequest): string | null;
  write(request: FastifyRequest, reply: FastifyReply, value: string): void;
  clear(reply: FastifyReply): void;
}

/** A seal's text exactly: version, key id, IV, ciphertext and tag, nothing before or after. */
const SEALED_SHAPE = /^seal\.v1\.[A-Za-z0-9_-]{1,32}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** What is sealed: the value and the instant (ms since the epoch) it stops being accepted. */
const Sealed = z.tuple([z.string(), z.number().int()]);

/** The additional data a seal is bound to: its purpose and its host. */
export function helperContext(purpose: HelperPurpose, host: string): string {
  return `helper-cookie:${purpose}:${hostnameOf(host).toLowerCase()}`;
}

/** Seals `value` for `purpose` on `host`, accepted until `now + lifetimeSeconds`. */
export function sealHelper(keys: SealKeys, spec: Pick<HelperCookieSpec, 'purpose' | 'lifetimeSeconds'>, host: string, value: string, now: number): string {
  return keys.seal(JSON.stringify([value, now + spec.lifetimeSeconds * 1000]), helperContext(spec.purpose, host));
}

/** The value sealed for `purpose` on `host` while it is within its lifetime; null for anything else. */
export function openHelper(keys: SealKeys, purpose: HelperPurpose, host: string, sealed: string, now: number): string | null {
  if (!SEALED_SHAPE.test(sealed)) return null;
  const plain = keys.open(sealed, helperContext(purpose, host));
  if (plain === null) return null;
  let parsed: z.infer<typeof Sealed>;
  try {
    const read = Sealed.safeParse(JSON.parse(plain));
    if (!read.success) return null;
    parsed = read.data;
  } catch {
    return null;
  }
  const [value, expires] = parsed;
  return now < expires ? value : null;
}

export function helperCookie(config: { secureCookies: boolean; sealKeys: SealKeys }, spec: HelperCookieSpec, now: () => number = Date.now): HelperCookie {
  const name = config.secureCookies ? `__Host-Http-${spec.name}` : spec.name;
  const options = { httpOnly: true, sameSite: 'strict' as const, path: '/', secure: config.secureCookies, maxAge: spec.lifetimeSeconds };
  return {
    name,
    read(request) {
      const raw = cookiesOf(request)[name];
      return raw ? openHelper(config.sealKeys, spec.purpose, request.host, raw, now()) : null;
    },
    write(request, reply, value) {
      reply.setCookie(name, sealHelper(config.sealKeys, spec, request.host, value, now()), options);
    },
    clear(reply) {
      reply.clearCookie(name, { path: '/' });
    },
  };
}
