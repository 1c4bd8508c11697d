import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../server/src/logger.js';
import { client } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { startStack, type Stack } from '../helpers/stack.js';

/** Everything the server logs at the most verbose level during whole journeys. */
let lines = '';
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines += String(chunk);
    done();
  },
});

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({}, { loggerInstance: pino(loggerOptions('trace'), sink) });
});
afterAll(async () => stack?.close());

describe('log redaction', () => {
  it('never writes a CPF/CNPJ, password or upstream token during login, quota choice, home, failures and logout', async () => {
    const ana = persona('ana');
    const delta = persona('delta');
    const c = client(stack.baseUrl);
    await c.action('auth/login', { modo: 'documento', documento: '661.157.509-03', senha: '000000' });
    await c.loginWithQuota('ana');
    await c.screen('/home');
    await stack.sandbox.fault({ path: 'cotas', status: 500, times: 1 });
    await c.screen('/groups-and-quotas');
    await c.action('auth/logout');
    await client(stack.baseUrl).login('delta');
    await client(stack.baseUrl).action('auth/login', { modo: 'cota', grupo: '001234', cota: '0567', versao: '00', senha: ana.password });
    await client(stack.baseUrl).action('auth/identify', { documento: ana.document });

    const sessions = await stack.app.db.query<{ data: { tokens: { accessToken: string; refreshToken: string } } }>('SELECT data FROM sessions');
    const tokens = sessions.flatMap((s) => [s.data.tokens.accessToken, s.data.tokens.refreshToken]);
    expect(lines.length).toBeGreaterThan(1000);
    for (const secret of [ana.document, '661.157.509-03', ana.password, delta.document, '46.775.236/0001-09', delta.password, ...tokens]) {
      expect(lines.includes(secret), `log contains ${secret.slice(0, 4)}…`).toBe(false);
    }
  });
});
