import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach, expect } from 'vitest';
import { buildSandbox } from '../../sandbox/src/app.js';
import { loadPersonas } from '../../sandbox/src/personas.js';

export const BASE = '/app-cliente/v1';
export const CLIENT = { client_id: 'app-cliente-web', app_version: '1.70.00', platform: 'web' };
export const BASIC = `Basic ${Buffer.from('app-cliente-web:sandbox-secret').toString('base64')}`;

/**
 * A fresh sandbox for each test of the file that calls it (built in process, asked through
 * `inject`), with the calls its tests make: log in, GET and POST on the back office's paths, and a
 * customer's session on one of their quotas.
 */
export function useSandbox() {
  let app: FastifyInstance;
  beforeEach(async () => {
    await app?.close();
    app = await buildSandbox({ tokenTtlSeconds: 300 });
  });
  afterAll(async () => app?.close());

  /** This test's sandbox built again with other options. */
  async function rebuild(options: Parameters<typeof buildSandbox>[0]) {
    await app?.close();
    app = await buildSandbox(options);
  }

  function loginForm(fields: Record<string, string>) {
    return app.inject({
      method: 'POST',
      url: `${BASE}/login`,
      headers: { ...CLIENT, authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', ...fields }).toString(),
    });
  }

  async function login(key: string) {
    const persona = loadPersonas().personas.find((p) => p.key === key)!;
    const res = await loginForm({ idParceiro: String(persona.partner), type: persona.document.length > 11 ? 'cnpj' : 'cpf', username: persona.document, password: persona.password });
    expect(res.statusCode).toBe(200);
    return res.json() as { access_token: string; refresh_token: string; expires_in: number; usuario: { nome: string; tipoPessoa: string } };
  }

  const get = (path: string, token?: string) => app.inject({ method: 'GET', url: `${BASE}/${path}`, headers: token ? { ...CLIENT, access_token: token } : CLIENT });
  const post = (path: string, body: unknown, token?: string, extra: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `${BASE}/${path}`, headers: { ...CLIENT, ...extra, ...(token ? { access_token: token } : {}) }, payload: body as object });

  /** Logs in and selects the customer's n-th quota: the quota token the slip calls need. */
  async function quotaSession(key: string, index = 0) {
    const customer = (await login(key)).access_token;
    const quotas = (await get('cotas/simples', customer)).json() as { data: Array<{ idCota: number }> };
    const idCota = quotas.data[index]!.idCota;
    const quota = ((await post('login/selecionar-cota', { idCota }, customer)).json() as { accessToken: string }).accessToken;
    return { customer, quota, idCota, others: quotas.data.map((q) => q.idCota).filter((id) => id !== idCota) };
  }

  return { app: () => app, rebuild, loginForm, login, get, post, quotaSession };
}
