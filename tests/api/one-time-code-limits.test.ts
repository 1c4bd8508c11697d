import { beforeEach, describe, expect, it } from 'vitest';
import { OtpThrottle } from '../../server/src/security/otp-throttle.js';
import { client } from '../helpers/api-client.js';
import { markCodeAsked } from '../helpers/code-asked.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

// Each login of lara (REQUER_MFA) owes a one-time code. This file has five codes sent in all: the
// back office and the server allow five per hour.
const stack = useStack();
const lara = persona('lara');
const CODE_SPENT = 'Você errou o código 5 vezes. Peça um novo código para continuar.';
const ACCOUNT_SPENT = 'Você errou o código muitas vezes. Por segurança, aguarde 1 hora para tentar de novo.';
const INVALID = 'Código de segurança inválido. Confira e digite novamente.';

beforeEach(async () => {
  await stack.sandbox.clearFaults();
  // Every test starts with lara's tries untouched.
  await new OtpThrottle(stack.app.counters).verified(lara.document);
});

/** A fresh login of lara, waiting for her code (a new session each time). */
async function laraLogsIn() {
  const c = client(stack.baseUrl);
  expect((await c.login('lara')).body.to).toBe('/entrar/verificacao/enviar');
  return c;
}

/** Has a code sent by SMS from this session; answers it and a code that is surely wrong. */
async function sendCode(c: ReturnType<typeof client>) {
  expect((await c.action('auth/otp-confirm-document', { documento: lara.document })).body).toEqual({ kind: 'navigate', to: '/entrar/verificacao/inserir' });
  const code = await stack.sandbox.lastCode();
  return { code, wrong: code === 'ZZZZ' ? 'YYYY' : 'ZZZZ' };
}

const guess = async (c: ReturnType<typeof client>, codigo: string) => (await c.action('auth/otp-verify', { codigo })).body;
const checksUpstream = async () => (await stack.sandbox.calls()).filter((call) => call.method === 'PATCH' && call.path === 'verificacao').length;

describe('one-time code tries belong to the account, not to the login', () => {
  it('gives no new tries to a new login: the code guessed 5 times is refused on the next logins, right or not', async () => {
    const first = await laraLogsIn();
    const { code, wrong } = await sendCode(first);
    for (let i = 0; i < 5; i++) expect((await guess(first, wrong)).errors.codigo).toBe(INVALID);

    for (let login = 2; login <= 4; login++) {
      const again = await laraLogsIn();
      await stack.sandbox.clearCalls();
      expect(await guess(again, code)).toEqual({ kind: 'field-errors', errors: {}, message: CODE_SPENT });
      expect(await checksUpstream()).toBe(0);
    }
  });

  it('gives a new code its own 5 tries, but not the account’s budget back: 10 wrong tries close every code for an hour, and no code is sent meanwhile', async () => {
    const first = await laraLogsIn();
    const one = await sendCode(first);
    for (let i = 0; i < 5; i++) await guess(first, one.wrong);

    const second = await laraLogsIn();
    const two = await sendCode(second);
    for (let i = 0; i < 4; i++) expect((await guess(second, two.wrong)).errors.codigo).toBe(INVALID);
    // A third login that asked for a code a minute ago (a new one may be asked for now).
    const third = await markCodeAsked(stack.app, await laraLogsIn(), Date.now() - 60_000);
    expect((await guess(third, two.wrong)).errors.codigo).toBe(INVALID);

    await stack.sandbox.clearCalls();
    expect(await guess(third, two.code)).toEqual({ kind: 'field-errors', errors: {}, message: ACCOUNT_SPENT });
    expect(await guess(second, two.code)).toEqual({ kind: 'field-errors', errors: {}, message: ACCOUNT_SPENT });
    // Asking for a new code gives nothing back: none is sent.
    const asked = await third.action('auth/otp-confirm-document', { documento: lara.document });
    expect(asked.body).toMatchObject({ kind: 'error', message: ACCOUNT_SPENT });
    expect(await stack.sandbox.calls()).toEqual([]);
  });

  it('counts the tries of two sessions open at once together', async () => {
    const a = await laraLogsIn();
    const b = await markCodeAsked(stack.app, await laraLogsIn());
    const { code, wrong } = await sendCode(a);
    for (let i = 0; i < 3; i++) await guess(a, wrong);
    for (let i = 0; i < 2; i++) await guess(b, wrong);
    expect((await guess(b, code)).message).toBe(CODE_SPENT);
    expect((await guess(a, code)).message).toBe(CODE_SPENT);
  });

  it('lets only 5 of 20 guesses raced from 5 sessions reach the back office', async () => {
    const sessions = [await laraLogsIn()];
    const { wrong } = await sendCode(sessions[0]!);
    for (let i = 1; i < 5; i++) sessions.push(await markCodeAsked(stack.app, await laraLogsIn()));
    await stack.sandbox.clearCalls();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => guess(sessions[i % 5]!, wrong)));
    expect(await checksUpstream()).toBe(5);
    expect(answers.filter((a) => a.errors?.codigo === INVALID)).toHaveLength(5);
    expect(answers.filter((a) => a.message === CODE_SPENT)).toHaveLength(15);
  });
});
