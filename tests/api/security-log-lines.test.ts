import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import supertest from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import texts from '../../screens/texts/pt-BR.json' with { type: 'json' };
import { client } from '../helpers/api-client.js';
import { capturedLogs } from '../helpers/captured-logs.js';
import { useStack } from '../helpers/stack.js';

/**
 * The log as a log processor and an investigator read it: JSON lines stamped in UTC, written to
 * standard output only, that no client input can split or forge; failures logged with what failed
 * and never the data, while the client gets a generic message. OWASP ASVS 5.0 V16.2, V16.3.4,
 * V16.4.1, V16.5.1.
 */
const ROOT = join(import.meta.dirname, '../..');
const logs = capturedLogs('info');
const stack = useStack({}, { loggerInstance: logs.logger });
beforeEach(async () => {
  await stack.sandbox.clearFaults();
  logs.clear();
});

const lines = () =>
  logs
    .text()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('log lines', () => {
  it('stamps every line with the time in UTC epoch milliseconds, as JSON on standard output only', async () => {
    const before = Date.now();
    await client(stack.baseUrl).screen('/login');
    await client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: '529.982.247-25', senha: '000001' });
    const written = lines();
    expect(written.length).toBeGreaterThan(1);
    for (const line of written) {
      expect(typeof line.time).toBe('number');
      expect(line.time as number).toBeGreaterThanOrEqual(before - 1000);
      expect(line.time as number).toBeLessThanOrEqual(Date.now() + 1000);
    }
    // No file, transport or other destination: the process writes its log to stdout, the platform collects it.
    const elsewhere = sources('server/src').filter((path) => /pino\.(?:destination|transport)\(|pino\/file|createWriteStream|appendFile/.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(elsewhere).toEqual([]);
  });

  it('keeps what a client sends inside a JSON string: a line break in a path forges no line', async () => {
    const forged = `/x\n{"level":60,"msg":"linha forjada","time":1}\r\n{"level":60,"msg":"outra"}`;
    await client(stack.baseUrl).screen(forged);
    await supertest(stack.baseUrl).get(`/api/screens?path=${encodeURIComponent(forged)}`);
    const written = lines();
    expect(written.length).toBeGreaterThan(0);
    expect(written.filter((line) => line.msg === 'linha forjada' || line.msg === 'outra' || line.time === 1)).toEqual([]);
  });

  it('logs a back-office failure with its status and path, never its data, and tells the customer only the generic message', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    logs.clear();
    const internals = { message: 'Error: falhou\n    at Repo.find (/srv/core/repo.js:12:7)', detail: "SELECT * FROM cotas WHERE cpf = '52998224725'" };
    await stack.sandbox.fault({ method: 'GET', path: 'login/cota-selecionada', status: 500, body: internals });
    const home = await c.screen('/home');
    expect(home.status).toBeGreaterThanOrEqual(500);
    expect(home.body).toEqual({ kind: 'error', title: texts['erro.titulo'], message: texts['erro.generico'], retry: true });
    const failed = lines().filter((line) => line.msg === 'upstream call failed');
    expect(failed).toEqual([expect.objectContaining({ level: 40, status: 500, path: 'login/cota-selecionada' })]);
    for (const secret of ['Repo.find', '/srv/core', 'SELECT', '52998224725']) {
      expect(JSON.stringify(home.body)).not.toContain(secret);
      expect(logs.text()).not.toContain(secret);
    }
  });
});
