import { session } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fail, grantOf, invalid, notFound } from '../http.js';
import type { SandboxContext } from '../context.js';

/** One-time codes: 4 characters people can tell apart, valid for 5 minutes. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_TTL_MS = 5 * 60_000;
const SENDS_PER_HOUR = 5;

interface Verification {
  customer: string;
  code: string;
  expiresAt: number;
  verified: boolean;
}

export function maskEmail(email: string): string {
  const [user = '', domain = ''] = email.split('@');
  return `${user.slice(0, 2)}***@${domain}`;
}

export function maskPhone(phone: string): string {
  return `(${phone.slice(0, 2)}) *****-${phone.slice(-4)}`;
}

/**
 * verificacao/sms and verificacao/email send a code (to the sandbox outbox); PATCH verificacao
 * checks it and answers auth_token, or INVALID_VALIDATION_CODE / VALIDATION_CODE_EXPIRED /
 * VALIDATION_CODE_ALREADY_VERIFIED (spec doc 2 §7, §8).
 */
export default async function verificationRoutes(app: FastifyInstance, { state, outbox }: SandboxContext) {
  /** Codes sent and when each customer was sent one (5 an hour). */
  const records = () => state.local('verification', () => ({ codes: [] as Verification[], sends: new Map<string, number[]>() }));

  {
    serve(app, session.sendCode, async (request, reply) => {
      const channel = (request.params as { canal: string }).canal;
      if (channel !== 'sms' && channel !== 'email') return notFound(reply, 'Canal desconhecido.');
      const customer = state.customers.get(grantOf(request).customer)!;
      const now = state.clock.now();
      const { codes, sends } = records();
      const recent = (sends.get(customer.key) ?? []).filter((at) => now - at < 3_600_000);
      if (recent.length >= SENDS_PER_HOUR) return fail(reply, 429, 'Limite de envios de código atingido. Tente novamente mais tarde.', 'TOO_MANY_REQUESTS');
      sends.set(customer.key, [...recent, now]);
      const code = Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
      for (const v of codes) if (v.customer === customer.key) v.expiresAt = Math.min(v.expiresAt, now); // a new code replaces the old
      codes.push({ customer: customer.key, code, expiresAt: now + CODE_TTL_MS, verified: false });
      const to = channel === 'sms' ? customer.celular : customer.email;
      outbox.push({ at: new Date(now).toISOString(), channel, to, text: `Seu código de segurança é ${code}. Ele vale por 5 minutos.`, code });
      return { destino: channel === 'sms' ? maskPhone(to) : maskEmail(to) };
    });
  }

  serve(app, session.checkCode, async (request, reply) => {
    const codigo = String((request.body as { codigo?: unknown } | undefined)?.codigo ?? '').trim().toUpperCase();
    if (!/^[A-Z0-9]{4,8}$/.test(codigo)) return invalid(reply, 'codigo é obrigatório.');
    const found = [...records().codes].reverse().find((v) => v.code === codigo);
    if (!found) return fail(reply, 400, 'Código de segurança inválido.', 'INVALID_VALIDATION_CODE');
    if (found.verified) return fail(reply, 400, 'Código já utilizado.', 'VALIDATION_CODE_ALREADY_VERIFIED');
    if (state.clock.now() >= found.expiresAt) return fail(reply, 400, 'Código expirado.', 'VALIDATION_CODE_EXPIRED');
    found.verified = true;
    return { auth_token: state.issueTokens(found.customer).access_token };
  });
}
