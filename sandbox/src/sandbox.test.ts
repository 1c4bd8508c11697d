import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BASE, BASIC, CLIENT, useSandbox } from '../../tests/helpers/sandbox-inject.js';
import { buildSandbox } from './app.js';
import { PERSONAS_FILE, loadPersonas } from './personas.js';

const { app: sandbox, rebuild, loginForm, login, get, post } = useSandbox();

describe('fixtures', () => {
  it('keeps sandbox/fixtures/personas.json byte-identical to ../shared/personas.json', () => {
    const shared = fileURLToPath(new URL('../../../shared/personas.json', import.meta.url));
    if (!existsSync(shared)) return; // a machine without ../shared runs on the copy alone
    expect(readFileSync(PERSONAS_FILE, 'utf8')).toBe(readFileSync(shared, 'utf8'));
  });

  it('lets every persona log in with the credentials written in personas.json', async () => {
    for (const persona of loadPersonas().personas) {
      const answer = await login(persona.key);
      expect(answer.usuario.tipoPessoa).toBe(persona.document.length > 11 ? 'J' : 'F');
      const quotas = await get('cotas', answer.access_token);
      expect((quotas.json() as { total: number }).total, persona.key).toBeGreaterThan(0);
    }
  });
});

describe('login', () => {
  it('refuses a wrong password with a 400 and a message', async () => {
    const res = await loginForm({ idParceiro: '1', type: 'cpf', username: '66115750903', password: '000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Usuário ou senha inválidos.' });
  });

  it('refuses a customer of another partner', async () => {
    const res = await loginForm({ idParceiro: '1', type: 'cpf', username: '01783442654', password: '282842' });
    expect(res.statusCode).toBe(400);
  });

  it('requires the client’s basic auth', async () => {
    const res = await sandbox().inject({ method: 'POST', url: `${BASE}/login`, headers: { ...CLIENT, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=password' });
    expect(res.statusCode).toBe(401);
  });

  it('logs in by group, quota and version', async () => {
    const res = await loginForm({ idParceiro: '1', type: 'cota', codigoGrupo: '001234', codigoCota: '0567', versao: '00', password: '135790' });
    expect(res.json().usuario.nome).toBe('Ana Beatriz Lima');
  });

  it('flags lara’s one-time code and kleber’s expired password', async () => {
    expect((await loginForm({ idParceiro: '1', username: '62894305486', password: '264575' })).json().statusMfa).toBe('REQUER_MFA');
    expect((await login('kleber')).usuario).toMatchObject({ senhaExpirada: true });
  });
});

describe('tokens', () => {
  it('answers 401 TOKEN_EXPIRED once the clock passes the token’s life, and refresh rotates', async () => {
    const { access_token, refresh_token } = await login('ana');
    expect((await get('cotas', access_token)).statusCode).toBe(200);
    await sandbox().inject({ method: 'POST', url: '/__sandbox/clock/advance', payload: { seconds: 301 } });
    const expired = await get('cotas', access_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('TOKEN_EXPIRED');
    const refreshed = await post('login/refresh', { refresh_token }, undefined, { authorization: BASIC });
    expect(refreshed.statusCode).toBe(200);
    expect((await get('cotas', refreshed.json().access_token)).statusCode).toBe(200);
  });

  it('revokes the family when a rotated refresh token is used again, also in the same millisecond', async () => {
    // A stopped clock: the replay comes in the very millisecond of the rotation (no grace by default).
    await sandbox().inject({ method: 'PUT', url: '/__sandbox/clock', payload: { now: new Date().toISOString() } });
    const { refresh_token } = await login('ana');
    const first = (await post('login/refresh', { refresh_token }, undefined, { authorization: BASIC })).json();
    const replay = await post('login/refresh', { refresh_token }, undefined, { authorization: BASIC });
    expect(replay.statusCode).toBe(401);
    expect((await get('cotas', first.access_token)).statusCode).toBe(401);
  });

  it('answers a rotated refresh token used again within the reuse grace with the same new pair, and revokes after it', async () => {
    await rebuild({ refreshReuseSeconds: 10 });
    const { refresh_token } = await login('ana');
    const refresh = () => post('login/refresh', { refresh_token }, undefined, { authorization: BASIC });
    const first = (await refresh()).json();
    const replay = await refresh();
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first);
    expect((await get('cotas', first.access_token)).statusCode).toBe(200);
    await sandbox().inject({ method: 'POST', url: '/__sandbox/clock/advance', payload: { seconds: 11 } });
    expect((await refresh()).statusCode).toBe(401);
    expect((await sandbox().inject({ method: 'GET', url: '/__sandbox/refresh-reuse' })).json()).toEqual({ replayed: 1, revoked: 1 });
  });

  it('requires a token off the open paths and none on them', async () => {
    expect((await get('cotas')).statusCode).toBe(401);
    expect((await get('versoes')).statusCode).toBe(200);
    expect((await get('parceiros/1/warnings')).json()).toEqual({ data: [] });
  });

  it('requires the client_id header', async () => {
    const res = await sandbox().inject({ method: 'GET', url: `${BASE}/versoes` });
    expect(res.statusCode).toBe(400);
  });
});

describe('partners', () => {
  it('answers both partners by domain and RESOURCE_NOT_FOUND for an unknown one', async () => {
    expect((await get('parceiros/configuracao?domain=horizonte.localhost')).json()).toMatchObject({ id: 68, name: 'Horizonte Consórcios', colors: { primary: '#0B5FA5' } });
    expect((await get('parceiros/configuracao?domain=localhost')).json()).toMatchObject({ id: 1, name: 'Consórcio Aurora' });
    const unknown = await get('parceiros/configuracao?domain=nada.example');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('RESOURCE_NOT_FOUND');
  });
});

describe('quotas', () => {
  it('lists ana’s auto quota with the values of her scenario, 20 per page', async () => {
    const { access_token } = await login('ana');
    const page = (await get('cotas?page=1&page_size=20', access_token)).json();
    expect(page).toMatchObject({ page: 1, page_size: 20, total: 1, total_pages: 1 });
    expect(page.data[0]).toMatchObject({ grupo: '001234', cota: '0567', versao: '00', tipo: 'auto', valorBem: 85000, valorSaldoDevedor: 61204.18, parcelasPagas: 12, dataContemplacao: '1900-01-01' });
  });

  it('dates delta’s contemplation 40 days before the sandbox’s today', async () => {
    await sandbox().inject({ method: 'PUT', url: '/__sandbox/clock', payload: { now: '2026-03-15T12:00:00-03:00' } });
    const { access_token } = await login('delta');
    const [quota] = (await get('cotas', access_token)).json().data;
    expect(quota.dataContemplacao).toBe('2026-02-03');
    expect((await get('util/datahoraatual', access_token)).json()).toEqual({ dataAtual: '2026-03-15', horaAtual: '12:00:00' });
  });

  it('selects only the customer’s own quota and answers it with the quota token', async () => {
    const ana = await login('ana');
    const bruno = await login('bruno');
    const brunoQuota = (await get('cotas/simples', bruno.access_token)).json().data[0];
    const refused = await post('login/selecionar-cota', { idCota: brunoQuota.idCota }, ana.access_token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('RESOURCE_NOT_FOUND');
    const own = (await get('cotas/simples', ana.access_token)).json().data[0];
    const chosen = (await post('login/selecionar-cota', { idCota: own.idCota }, ana.access_token)).json();
    expect(chosen).toMatchObject({ codigoGrupo: '001234', codigoCota: '0567', versao: '00' });
    expect((await get('login/cota-selecionada', chosen.accessToken)).json().idCota).toBe(own.idCota);
    expect((await get('login/cota-selecionada', ana.access_token)).statusCode).toBe(400);
    expect((await get(`cota/${brunoQuota.idCota}`, ana.access_token)).statusCode).toBe(404);
  });
});

describe('process statuses', () => {
  it('answers delta’s cash-credit billing status and "no process" for ana', async () => {
    const delta = await login('delta');
    const [quota] = (await get('cotas/simples', delta.access_token)).json().data;
    expect((await get(`core/faturamento-credito/status?idCota=${quota.idCota}`, delta.access_token)).json()).toMatchObject({ status: 'PENDENCIA_CLIENTE', fase: 'PENDENCIA_CLIENTE', possuiCaso: true, dadosBancarios: null, timelinePagamento: [] });
    const ana = await login('ana');
    const [own] = (await get('cotas/simples', ana.access_token)).json().data;
    const none = await get(`core/faturamento-credito/status?idCota=${own.idCota}`, ana.access_token);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('sua cota não possui processos');
    expect((await get(`core/faturamento-credito/status?idCota=${quota.idCota}`, ana.access_token)).json().message).toBe('Cota não encontrada.');
  });

  it('answers ana’s bid options with 003 (keys) and eduardo’s used-vehicle state', async () => {
    const ana = await login('ana');
    const [own] = (await get('cotas/simples', ana.access_token)).json().data;
    expect((await get(`cotas/${own.idCota}/credenciamento-lance`, ana.access_token)).json().opcoes).toEqual([{ codigo: '001' }, { codigo: '003' }]);
    const eduardo = await login('eduardo');
    const [quota] = (await get('cotas/simples', eduardo.access_token)).json().data;
    expect((await get(`core/faturamento/auto/status?idCota=${quota.idCota}`, eduardo.access_token)).json()).toMatchObject({ estadoProcesso: 'BEM_ENCONTRADO', isDigital: true });
  });
});

describe('bids', () => {
  const offer = (identificador: string, valorOferta = 20_000) => ({
    situacaoModalidade: 'LL', valorOferta, valorLanceEmbutido: 0, valorFGTS: 0, trocaChaves: true,
    numeroIP: '0.0.0.0', formaAcesso: 'SR', utilizaAntecipacao: false, quantidadeParcelaSubsequente: 0, identificador,
  });

  it('takes ana’s offer once per identifier, replaces her earlier bid for the assembly, lists and cancels by protocol', async () => {
    const { access_token } = await login('ana');
    const [quota] = (await get('cotas/simples', access_token)).json().data;
    expect((await get(`cotas/${quota.idCota}/credenciamento-lance`, access_token)).json()).toMatchObject({ lanceAberto: true, opcoes: [{ codigo: '001' }, { codigo: '003' }] });
    const first = (await post(`cotas/${quota.idCota}/credenciamento-lance`, offer('id-aaaaaaaa'), access_token)).json();
    expect(first.protocolo).toMatch(/^2026\d{6}$/);
    expect((await post(`cotas/${quota.idCota}/credenciamento-lance`, offer('id-aaaaaaaa'), access_token)).json().protocolo).toBe(first.protocolo);
    const second = (await post(`cotas/${quota.idCota}/credenciamento-lance`, offer('id-bbbbbbbb', 22_000), access_token)).json();
    const history = (await get(`cotas/${quota.idCota}/credenciamento-lance/historico?page_size=20&page=1`, access_token)).json();
    expect(history.total_pages).toBe(1);
    expect(history.data.data.map((b: { protocolo: string; status: string }) => [b.protocolo === first.protocolo ? 'first' : b.protocolo === second.protocolo ? 'second' : 'old', b.status])).toEqual(
      expect.arrayContaining([['first', 'SUBSTITUIDO'], ['second', 'ATIVO'], ['old', 'NAO_CONTEMPLADO']]),
    );
    const cancel = await sandbox().inject({ method: 'PUT', url: `${BASE}/cotas/${quota.idCota}/credenciamento-lance/cancelamento-lance/${second.protocolo}`, headers: { ...CLIENT, access_token } });
    expect(cancel.statusCode).toBe(204);
  });

  it('refuses bids the day before the assembly (bruno’s imovel quota)', async () => {
    const { access_token } = await login('bruno');
    const quotas = (await get('cotas', access_token)).json().data as Array<{ idCota: number; tipo: string }>;
    const imovel = quotas.find((q) => q.tipo === 'imovel')!;
    const res = await post(`cotas/${imovel.idCota}/credenciamento-lance`, offer('id-cccccccc'), access_token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('O prazo para ofertar lance nesta assembleia terminou.');
  });
});

describe('control', () => {
  it('injects a fault for the given number of calls and records every call', async () => {
    await sandbox().inject({ method: 'POST', url: '/__sandbox/faults', payload: { path: 'versoes', status: 503, times: 1 } });
    expect((await get('versoes')).statusCode).toBe(503);
    expect((await get('versoes')).statusCode).toBe(200);
    const calls = (await sandbox().inject({ method: 'GET', url: '/__sandbox/calls' })).json().data;
    expect(calls.map((c: { path: string }) => c.path)).toEqual(['versoes', 'versoes']);
    expect(calls[0].platform).toBe('web');
  });

  it('keeps only the newest calls it was told to keep (SANDBOX_CALLS_KEPT), so a long run does not grow its memory', async () => {
    const small = await buildSandbox({ callsKept: 10 });
    try {
      for (let i = 0; i < 25; i++) await small.inject({ method: 'GET', url: `${BASE}/versoes?n=${i}`, headers: CLIENT });
      const calls = (await small.inject({ method: 'GET', url: '/__sandbox/calls' })).json().data as Array<{ query: { n: string } }>;
      expect(calls.length).toBeLessThanOrEqual(11);
      expect(calls.at(-1)?.query.n).toBe('24');
      expect(Number(calls[0]!.query.n)).toBeGreaterThanOrEqual(14);
    } finally {
      await small.close();
    }
  });

  it('never records a password', async () => {
    await login('ana');
    const calls = (await sandbox().inject({ method: 'GET', url: '/__sandbox/calls' })).json().data;
    expect(calls[0].body.password).toBe('***');
  });
});
