import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredEndpoints, pathParameters } from '../../back-office/catalogue.js';
import { customerTokenOf, type Endpoint } from '../../back-office/endpoint.js';
import { buildSandbox } from '../../sandbox/src/app.js';
import { UpstreamClient } from '../../server/src/upstream/client.js';
import { UpstreamError } from '../../server/src/upstream/upstream-error.js';

/**
 * Which calls go without a customer's token is declared once, per endpoint, in back-office/: the
 * server's client sends the token by it and the sandbox refuses a missing one by it. These tests
 * hold both sides to every declaration, so a side that kept a list of its own would fail here.
 */
const DECLARED = declaredEndpoints();
const paramsOf = (e: Endpoint) => Object.fromEntries(pathParameters(e).map((name) => [name, '1']));
const client = (url: string) => new UpstreamClient({ url, basePath: '/app-cliente/v1', clientId: 'app-cliente-web', clientSecret: 'sandbox-secret', connections: 4, appVersion: '1.70.00' });

describe('the customer token each back-office call declares', () => {
  let sandbox: FastifyInstance;
  let recorder: Server;
  const seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    sandbox = await buildSandbox();
    await sandbox.listen({ port: 0, host: '127.0.0.1' });
    recorder = createServer((request, response) => {
      seen.push(request.headers);
      request.resume();
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"RESOURCE_NOT_FOUND"}');
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await sandbox?.close();
    await new Promise((resolve) => recorder?.close(resolve));
  });

  it('declares some calls open, the assistant open with the token welcome, and the rest protected', () => {
    const byToken = (token: string) => DECLARED.filter((d) => customerTokenOf(d.endpoint) === token).map((d) => d.endpoint.path);
    expect(byToken('none')).toEqual(expect.arrayContaining(['login', 'login/refresh', 'parceiros/configuracao', 'versoes', 'verificacao']));
    expect(byToken('optional')).toEqual(['embraassist/ia', 'embraassist/ia/feedback']);
    expect(byToken('required')).toEqual(expect.arrayContaining(['cotas', 'login/selecionar-cota', 'verificacao/{canal}']));
  });

  it.each(DECLARED.map((d) => [`${d.endpoint.method} ${d.endpoint.path}`, d.endpoint] as const))('the sandbox refuses %s without a token exactly when it is declared protected', async (_name, e) => {
    const upstream = client(`http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`);
    const refused = await upstream.request(e, { params: paramsOf(e) }).then(
      () => false,
      (err: unknown) => err instanceof UpstreamError && err.status === 401 && err.code === 'UNAUTHORIZED',
    );
    expect(refused).toBe(customerTokenOf(e) === 'required');
  });

  it.each(DECLARED.map((d) => [`${d.endpoint.method} ${d.endpoint.path}`, d.endpoint] as const))('the server sends the customer token on %s unless it is declared served without one', async (_name, e) => {
    const upstream = client(`http://127.0.0.1:${(recorder.address() as AddressInfo).port}`);
    seen.length = 0;
    await upstream.request(e, { params: paramsOf(e), accessToken: 'token-do-cliente' }).catch(() => undefined);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((headers) => (headers.access_token === 'token-do-cliente') === (customerTokenOf(e) !== 'none'))).toBe(true);
  });
});
