import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import texts from '../../screens/texts/pt-BR.json' with { type: 'json' };
import { client } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * What a client cannot forge about its request: where a message ends (request smuggling), and the
 * headers only the load balancer may set (its address, host and protocol). OWASP ASVS 5.0 V4.1.3,
 * V4.2.1 and V15.3.4 (docs/security.md).
 */
let direct: Stack;
let balanced: Stack;
beforeAll(async () => {
  [direct, balanced] = await Promise.all([startStack(), startStack({ TRUST_PROXY: '1' })]);
});
afterAll(async () => Promise.all([direct?.close(), balanced?.close()]));

const wrongLogin = (stack: Stack, key: string, forwardedFor: string) =>
  client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: persona(key).document, senha: '000001' }).set('x-forwarded-for', forwardedFor);

/** 20 wrong passwords (5 per account, under the account limit), each with another forged address first. */
async function twentyWrong(stack: Stack, forwarded: (i: number) => string): Promise<void> {
  let i = 0;
  for (const key of ['carla', 'marcos', 'quintino', 'julia']) {
    for (let n = 0; n < 5; n++) expect((await wrongLogin(stack, key, forwarded(i++))).body.message).toBe(texts['entrar.erro.credenciais']);
  }
}

/** Bytes on the wire, and what the server answers before it closes. */
function onTheWire(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('forwarded headers', () => {
  it('believes no forwarded header without TRUST_PROXY: forged addresses share one count, a forged host changes no partner', async () => {
    await twentyWrong(direct, (i) => `198.51.100.${i + 1}`);
    expect((await wrongLogin(direct, 'nina', '198.51.100.99')).body.message).toBe(texts['entrar.erro.muitas-tentativas']);
    const screen = await client(direct.baseUrl).screen('/login').set('x-forwarded-host', 'horizonte.localhost');
    expect(screen.body.partner.name).not.toBe('Horizonte Consórcios');
  });

  it('counts a client that forges X-Forwarded-For entries by the address the balancer saw', async () => {
    // The balancer appends the address it saw; whatever the client wrote before it is not believed.
    await twentyWrong(balanced, (i) => `10.0.0.${i + 1}, 203.0.113.7`);
    expect((await wrongLogin(balanced, 'nina', '10.9.9.9, 203.0.113.7')).body.message).toBe(texts['entrar.erro.muitas-tentativas']);
    expect((await wrongLogin(balanced, 'nina', '203.0.113.7, 198.51.100.20')).body.message).toBe(texts['entrar.erro.credenciais']);
  });
});

describe('message boundaries', () => {
  it('refuses a request that says its length twice (Content-Length and Transfer-Encoding), running nothing', async () => {
    await direct.sandbox.clearCalls();
    const body = '{"modo":"documento"}';
    const smuggled = 'GET /api/screens?path=/home HTTP/1.1\r\nHost: localhost\r\n\r\n';
    const answer = await onTheWire(
      direct.port,
      `POST /api/actions/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nx-requested-with: consorcio-app\r\nContent-Length: ${body.length}\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${smuggled}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(await direct.sandbox.calls()).toEqual([]);
  });
});
