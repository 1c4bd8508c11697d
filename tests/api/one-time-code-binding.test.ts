import { beforeEach, describe, expect, it } from 'vitest';
import { OtpThrottle } from '../../server/src/security/otp-throttle.js';
import { client } from '../helpers/api-client.js';
import { markCodeAsked } from '../helpers/code-asked.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

// A one-time code answers only the login that asked for it. The back office checks a code against
// the customer, not against the login: these checks are the server's own.
const stack = useStack();
const lara = persona('lara');
const NOT_ASKED = 'Não encontramos um código para validar. Peça um novo código.';
const EXPIRED = 'Este código expirou. Peça um novo código.';
const MINUTE = 60_000;

beforeEach(async () => {
  await stack.sandbox.clearFaults();
  await new OtpThrottle(stack.app.counters).verified(lara.document);
});

async function laraLogsIn(c = client(stack.baseUrl)) {
  expect((await c.login('lara')).body.to).toBe('/entrar/verificacao/enviar');
  return c;
}

/** Has this session ask for a code by SMS; answers the code sent. */
async function askCode(c: ReturnType<typeof client>) {
  expect((await c.action('auth/otp-confirm-document', { documento: lara.document })).body).toEqual({ kind: 'navigate', to: '/entrar/verificacao/inserir' });
  return stack.sandbox.lastCode();
}

const checksUpstream = async () => (await stack.sandbox.calls()).filter((call) => call.method === 'PATCH' && call.path === 'verificacao').length;

describe('one-time code bound to the login that asked for it', () => {
  it('refuses a code in a login that sent none, and drops the pending code when the browser logs in again', async () => {
    const first = await laraLogsIn();
    const code = await askCode(first);

    // Another login of the same customer that asked for no code: the right code opens nothing.
    const other = await laraLogsIn();
    await stack.sandbox.clearCalls();
    expect((await other.action('auth/otp-verify', { codigo: code })).body).toEqual({ kind: 'field-errors', errors: { codigo: NOT_ASKED } });
    expect((await other.screen('/groups-and-quotas')).body.to).toBe('/entrar/verificacao/enviar');

    // The browser that asked logs in again: the new login owes a code of its own.
    await laraLogsIn(first);
    expect((await first.action('auth/otp-verify', { codigo: code })).body).toEqual({ kind: 'field-errors', errors: { codigo: NOT_ASKED } });
    expect((await first.screen('/groups-and-quotas')).body.to).toBe('/entrar/verificacao/enviar');
    expect(await checksUpstream()).toBe(0);
  });

  it('refuses a code typed more than 10 minutes after this login sent it, whatever the back office says', async () => {
    const c = await laraLogsIn();
    const code = await askCode(c);
    // The send moved back in time, as if the code had waited on the phone (the back office still takes it).
    await markCodeAsked(stack.app, c, Date.now() - 10 * MINUTE - 1000);
    await stack.sandbox.clearCalls();
    expect((await c.action('auth/otp-verify', { codigo: code })).body).toEqual({ kind: 'field-errors', errors: { codigo: EXPIRED } });
    expect(await checksUpstream()).toBe(0);
    expect((await c.screen('/groups-and-quotas')).body.to).toBe('/entrar/verificacao/enviar');

    await markCodeAsked(stack.app, c, Date.now() - 9 * MINUTE);
    expect((await c.action('auth/otp-verify', { codigo: code })).body).toEqual({ kind: 'navigate', to: '/entrar/verificacao/validar', replace: true });
  });
});
