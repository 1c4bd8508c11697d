import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import texts from '../../screens/texts/pt-BR.json' with { type: 'json' };
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../screens/contract/index.js';
import { UpstreamClient } from '../../server/src/upstream/client.js';
import { UpstreamError } from '../../server/src/upstream/upstream-error.js';
import { asCustomerWithFirstQuota, client } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

/**
 * What a request may carry and what the server makes of it: only the fields an action declares,
 * of the declared types, each read from one place; and the back office's redirects are never
 * followed. OWASP ASVS 5.0 V15.3.2, V15.3.3, V15.3.5, V15.3.7.
 */
const stack = useStack();
beforeEach(async () => stack.sandbox.clearCalls());
const ana = persona('ana');

describe('request shapes', () => {
  it('drops fields an action does not declare before anything goes upstream (mass assignment)', async () => {
    const { c } = await asCustomerWithFirstQuota(stack.baseUrl, 'bruno');
    await stack.sandbox.clearCalls();
    const saved = await c.action('quotas/nickname', { apelido: 'Casa', nickname: 'outro', fotoUrl: 'https://evil.example/x.png', idCota: 1, inscricaoNacional: ana.document });
    expect(saved.body).toEqual({ kind: 'snackbar', message: 'Apelido salvo.', to: '/detalhes-da-cota' });
    const put = (await stack.sandbox.calls()).filter((call) => call.method === 'PUT' && call.path.endsWith('/preferencias'));
    expect(put.map((call) => call.body)).toEqual([{ nickname: 'Casa' }]);
  });

  it('compares types strictly: a number, an array or an object where text is expected is refused, not converted', async () => {
    const c = client(stack.baseUrl);
    for (const body of [
      { modo: 'documento', documento: ana.document, senha: Number(ana.password) },
      { modo: 'documento', documento: ana.document, senha: [ana.password] },
      { modo: 'documento', documento: [ana.document], senha: ana.password },
      { modo: 'documento', documento: { toString: ana.document }, senha: ana.password },
      { modo: ['documento'], documento: ana.document, senha: ana.password },
    ]) {
      const res = await c.action('auth/login', body);
      expect(res.body.kind, JSON.stringify(body)).toBe('field-errors');
    }
    expect(await stack.sandbox.calls()).toEqual([]);
  });

  it('reads each value from one place: a query string or a repeated parameter changes nothing', async () => {
    // A right password in the query does not rescue a wrong one in the body.
    const wrong = await supertest(stack.baseUrl)
      .post(`/api/actions/auth/login?senha=${ana.password}&modo=documento&documento=${ana.document}`)
      .set(CSRF_HEADER, CSRF_HEADER_VALUE)
      .set('content-type', 'application/json')
      .send(JSON.stringify({ modo: 'documento', documento: ana.document, senha: '000001' }));
    expect(wrong.body.message).toBe(texts['entrar.erro.credenciais']);
    // Two paths for one screen are refused, not one of them picked.
    const twice = await supertest(stack.baseUrl).get('/api/screens?path=/login&path=/home');
    expect(twice.status).toBe(400);
  });
});

describe('redirects from the back office', () => {
  let target: Server;
  let redirecting: Server;
  let reached = 0;
  beforeAll(async () => {
    target = createServer((_req, res) => {
      reached += 1;
      res.end('{}');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const elsewhere = `http://127.0.0.1:${(target.address() as AddressInfo).port}/app-cliente/v1/versoes`;
    redirecting = createServer((_req, res) => {
      res.writeHead(302, { location: elsewhere, 'content-type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await Promise.all([target, redirecting].map((s) => new Promise<void>((resolve) => s?.close(() => resolve()))));
  });

  it('are answers, never followed: the address they name gets no request', async () => {
    const upstream = new UpstreamClient({ url: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`, basePath: '/app-cliente/v1', clientId: 'c', clientSecret: 's', connections: 1, appVersion: '1.0.0' });
    try {
      const failure = await upstream.call({ method: 'GET', path: 'versoes' }).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(UpstreamError);
      expect((failure as UpstreamError).status).toBe(302);
      expect(reached).toBe(0);
    } finally {
      await upstream.close();
    }
  });
});
