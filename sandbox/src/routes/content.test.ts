import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../app.js';
import { SandboxClock } from '../clock.js';
import { loadPersonas } from '../personas.js';

const BASE = '/app-cliente/v1';
const CLIENT = { client_id: 'app-cliente-web', app_version: '1.70.00', platform: 'web' };
const BASIC = `Basic ${Buffer.from('app-cliente-web:sandbox-secret').toString('base64')}`;

let app: FastifyInstance;
let clock: SandboxClock;
beforeEach(async () => {
  await app?.close();
  clock = new SandboxClock();
  app = await buildSandbox({ clock });
});
afterAll(async () => app?.close());

async function token(key: string): Promise<string> {
  const p = loadPersonas().personas.find((x) => x.key === key)!;
  const res = await app.inject({
    method: 'POST',
    url: `${BASE}/login`,
    headers: { ...CLIENT, authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', idParceiro: String(p.partner), type: 'cpf', username: p.document, password: p.password }).toString(),
  });
  return (res.json() as { access_token: string }).access_token;
}

const call = (method: 'GET' | 'POST' | 'PUT', path: string, access_token: string, payload?: object) =>
  app.inject({ method, url: `${BASE}/${path}`, headers: { ...CLIENT, access_token }, ...(payload ? { payload } : {}) });

describe('sandbox content routes', () => {
  it('enforces the 24-hour notification-method lockout by its own clock', async () => {
    const t = await token('ana');
    const idCota = ((await call('GET', 'cotas/simples', t)).json() as { data: Array<{ idCota: number }> }).data[0]!.idCota;
    const path = 'usuarios/66115750903/preferencias';
    expect((await call('PUT', path, t, { formaEnvio: { idCota, formaEnvio: 'SMS' } })).statusCode).toBe(200);
    const refused = await call('PUT', path, t, { formaEnvio: { idCota, formaEnvio: 'EMAIL' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'PREFERENCE_LOCKED' });
    clock.advance(24 * 3600 + 1);
    const t2 = await token('ana');
    expect((await call('PUT', path, t2, { formaEnvio: { idCota, formaEnvio: 'EMAIL' } })).statusCode).toBe(200);
    expect((await call('GET', 'usuarios/29554594704/preferencias', t2)).statusCode).toBe(404);
  });

  it('answers 404 to informativos for a customer without notifications and pages the FAQ by 10', async () => {
    const bruno = await token('bruno');
    expect((await call('GET', 'informativos?partner_id=1', bruno)).statusCode).toBe(404);
    const page = (await call('POST', 'faq/search/1', bruno, { category: 1, offset: 0 })).json() as { total: number; data: unknown[] };
    expect(page.total).toBe(11);
    expect(page.data).toHaveLength(10);
    expect((await call('POST', 'faq/search/1', bruno, { category: 77 })).statusCode).toBe(404);
  });
});
