import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { endpointOfCall, isReadOnly } from '../../back-office/catalogue.js';
import { checkUpstream, type CheckOptions } from '../../scripts/upstream-check/check.js';
import { Masker, personalKindOf } from '../../scripts/upstream-check/mask.js';
import { RECORDED_PASSWORD, writeRecording } from '../../scripts/upstream-check/record.js';
import { client, screenText } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

/**
 * The drift check (npm run upstream:check) against the sandbox: no drift on the contract the
 * sandbox serves, the drift of an altered answer named field by field, nothing called that changes
 * data, and the recorded answers masked and replayed by the sandbox as a persona.
 */
const stack = useStack();
const ana = persona('ana');
const options = (): CheckOptions => ({
  url: stack.sandbox.url,
  basePath: '/app-cliente/v1',
  clientId: 'app-cliente-web',
  clientSecret: 'sandbox-secret',
  partnerId: 1,
  domain: 'localhost',
  document: ana.document,
  password: ana.password,
  appVersion: '0.1.0',
});
const run = promisify(execFile);
async function command(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/upstream-check.ts', ...args], { timeout: 60_000 });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}` };
  }
}

beforeEach(async () => {
  await stack.sandbox.reset();
  await stack.sandbox.clearFaults();
  await stack.sandbox.clearCalls();
});

describe('the drift check against the sandbox', () => {
  it('finds no drift, says why a call was not reached, and calls nothing that changes data', async () => {
    const report = await checkUpstream(options());
    expect(report.results.filter((r) => r.outcome === 'drift' || r.outcome === 'falhou')).toEqual([]);
    expect(report.failed).toBe(false);
    expect(report.results.filter((r) => r.outcome === 'ok').length).toBeGreaterThan(40);
    // A business refusal with its reason is this account's answer, not a failure.
    expect(report.results.find((r) => r.name === 'refund.status')).toMatchObject({ outcome: 'sem dados', reason: expect.stringMatching(/^HTTP 404: /) });
    expect(report.results.find((r) => r.name === 'slips.slip')).toMatchObject({ outcome: 'não alcançada', reason: 'sem valor para {b}' });
    // Values found in earlier answers fill later calls: the registration's CEP, the last assembly held.
    expect(report.results.find((r) => r.name === 'registration.cep')).toMatchObject({ outcome: 'ok', path: expect.stringMatching(/^buscas\/cep\/\d{8}$/) });
    expect(report.results.find((r) => r.name === 'assemblies.result')).toMatchObject({ outcome: 'ok' });

    const calls = await stack.sandbox.calls();
    expect(calls.length).toBeGreaterThan(40);
    for (const call of calls) {
      if (call.method === 'POST') expect(['login', 'login/selecionar-cota']).toContain(call.path);
      else expect(isReadOnly(endpointOfCall(call.method, call.path)!.endpoint), `${call.method} ${call.path}`).toBe(true);
    }
    expect(calls.some((c) => c.path.startsWith('core/devolucao/iniciar') || c.path.startsWith('core/dados-cadastrais/confirmar-dados'))).toBe(false);
  });

  it('names each drift of an altered answer with its path inside the JSON', async () => {
    const first = await checkUpstream(options());
    const idCota = first.results.find((r) => r.name === 'slips.delivery')!.idCota!;
    await stack.sandbox.fault({ method: 'GET', path: `cotas/${idCota}/forma-envio`, status: 200, body: { formaEnvio: 'FAX', extra: true } });
    const quotas = first.results.find((r) => r.name === 'quotas.list')!.answer as { data: Array<Record<string, unknown>> };
    await stack.sandbox.fault({ method: 'GET', path: 'cotas', status: 200, times: 1, body: { ...quotas, data: [{ ...quotas.data[0], valorBem: '85.000,00' }] } });

    const report = await checkUpstream(options());
    expect(report.failed).toBe(true);
    expect(report.results.find((r) => r.name === 'slips.delivery')).toMatchObject({ outcome: 'drift' });
    expect(report.results.find((r) => r.name === 'slips.delivery')!.drift).toEqual([
      { kind: 'campo ausente', path: 'dataAlteracao', detail: 'obrigatório no contrato' },
      { kind: 'valor fora do contrato', path: 'formaEnvio', detail: 'aceitos: EMAIL, CORREIO (recebido "FAX")' },
      { kind: 'campo inesperado', path: 'extra', detail: 'não declarado (boolean)' },
    ]);
    expect(report.results.find((r) => r.name === 'quotas.list')!.drift).toEqual([{ kind: 'tipo errado', path: 'data[0].valorBem', detail: 'esperado number, recebido string' }]);
    expect(report.results.filter((r) => r.outcome === 'drift').map((r) => r.name).sort()).toEqual(['quotas.list', 'slips.delivery']);
  });

  it('is a command: prints the report, exits 0 without drift and 1 with it (2 when used wrongly)', async () => {
    const args = ['--url', stack.sandbox.url, '--document', ana.document, '--password', ana.password, '--domain', 'localhost'];
    const clean = await command(...args);
    expect(clean.out).toContain('RESULTADO: nenhuma diferença nas chamadas alcançadas.');
    expect(clean.code).toBe(0);
    await stack.sandbox.fault({ method: 'GET', path: 'cotas/simples', status: 200, body: { data: [{ idCota: 'um', grupo: '001234', cota: '0567' }] } });
    const drifted = await command(...args);
    expect(drifted.code).toBe(1);
    expect(drifted.out).toMatch(/DRIFT\s+quotas\.simple\s+GET cotas\/simples/);
    expect(drifted.out).toContain('campo ausente: data[0].versao (obrigatório no contrato)');
    expect(drifted.out).toContain('tipo errado: data[0].idCota (esperado integer, recebido string)');
    expect((await command('--url', stack.sandbox.url)).code).toBe(2);
  }, 120_000);
});

/** Every personal value in the answers, as the masking rules find them by field name. */
function personalValues(data: unknown, key = '', siblings: Record<string, unknown> = {}, parent = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(data)) data.forEach((item) => personalValues(item, key, {}, key, out));
  else if (data && typeof data === 'object') for (const [k, v] of Object.entries(data)) personalValues(v, k, data as Record<string, unknown>, key, out);
  else if ((typeof data === 'string' || typeof data === 'number') && String(data).length >= 4 && personalKindOf(key, siblings, parent)) out.add(String(data));
  return out;
}

describe('recorded answers', () => {
  it('leaves a fake as it was made, though it holds an original, and still replaces the original inside other texts', () => {
    const masker = new Masker();
    // The fake name 'Pessoa Gravada 1' holds the original 'Gravada'.
    const masked = masker.finish(masker.mask({ titular: 'Gravada', observacao: 'Cliente Gravada ligou' }));
    expect(masked).toEqual({ titular: 'Pessoa Gravada 1', observacao: 'Cliente Pessoa Gravada 1 ligou' });
  });

  it('keeps no original personal value, and the sandbox replays them as a persona the app logs in as', async () => {
    const report = await checkUpstream(options());
    const folder = mkdtempSync(join(tmpdir(), 'gravacao-'));
    const file = writeRecording(report, folder, 1);
    const text = readFileSync(file, 'utf8');
    rmSync(folder, { recursive: true });
    const originals = new Set<string>([ana.document]);
    for (const r of report.results) personalValues(r.answer, '', {}, '', originals);
    const login = report.results.find((r) => r.name === 'session.login')!.answer as { usuario: { nome: string; email: string; celular: string } };
    for (const known of [login.usuario.nome, login.usuario.email, login.usuario.celular]) expect(originals).toContain(known);
    expect(originals.size).toBeGreaterThan(10);
    const survivors = [...originals].filter((value) => value !== 'gravado' && text.includes(value));
    expect(survivors).toEqual([]);

    const recorded = JSON.parse(text) as { key: string; document: string; answers: Array<{ name: string; path: string; body: { usuario?: { inscricaoNacional: string; nome: string } } }> };
    const maskedLogin = recorded.answers.find((a) => a.name === 'session.login')!.body.usuario!;
    // Consistent fakes: the customer's document is one fake everywhere (the login, the persona, a path).
    expect(maskedLogin.inscricaoNacional).toBe(recorded.document);
    expect(recorded.answers.find((a) => a.name === 'notifications.preferences')!.path).toBe(`usuarios/${recorded.document}/preferencias`);

    const loaded = await fetch(`${stack.sandbox.url}/__sandbox/recordings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
    expect(loaded.status).toBe(200);
    const c = client(stack.baseUrl);
    const entered = await c.action('auth/login', { modo: 'documento', documento: recorded.document, senha: RECORDED_PASSWORD });
    expect(entered.body).toMatchObject({ kind: 'navigate' });
    const quotas = await c.screen('/groups-and-quotas');
    expect(screenText(quotas.body)).toMatch(/0567/);
    expect(await c.action('auth/login', { modo: 'documento', documento: ana.document, senha: RECORDED_PASSWORD })).toMatchObject({ body: { kind: expect.not.stringMatching(/^navigate$/) } });
  });
});
