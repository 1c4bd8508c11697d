import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';

/**
 * The server's process entry, started as the image starts it (APP_ENV=production, configured by
 * environment), with the secrets docker-compose.yml writes as its demo defaults and one weak
 * cookie secret: it stops before listening, naming each variable and repeating no value.
 */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', APP_ENV: 'production', HOST: '127.0.0.1', PORT: '0', DATA_DIR: ':memory:', UPSTREAM_URL: 'https://backoffice.example', UPSTREAM_CLIENT_ID: 'app-consorcio-producao', ALLOWED_HOSTS: 'consorcio.aurora.example', OPS_HOST: 'ops.consorcio.example', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr, stdout })));
}

describe('the production server started with published or weak secrets', () => {
  it('refuses to start, naming every variable, with the compose demo’s defaults', async () => {
    const demo = { COOKIE_SECRET: 'demo-only-secret-change-me-0123456789abcdef', UPSTREAM_CLIENT_SECRET: 'demo-only-client-secret-change-me', OPS_USERS: 'analista:troque-esta-senha-demo:publisher' };
    const { code, stderr, stdout } = await start(demo);
    expect(code).toBe(1);
    expect(stdout).not.toMatch(/Server listening/);
    expect(stderr).toMatch(/Configuração insegura para produção/);
    expect(stderr).toMatch(/COOKIE_SECRET: valor publicado no repositório/);
    expect(stderr).toMatch(/UPSTREAM_CLIENT_SECRET: valor publicado no repositório/);
    expect(stderr).toMatch(/OPS_USERS \(senha de analista\): valor publicado no repositório/);
    for (const value of [demo.COOKIE_SECRET, demo.UPSTREAM_CLIENT_SECRET, 'troque-esta-senha-demo']) expect(stderr).not.toContain(value);
  });

  it('refuses a cookie secret of one character repeated, naming it alone', async () => {
    const { code, stderr } = await start({ COOKIE_SECRET: 'a'.repeat(48), SESSION_SEAL_KEYS: `k1=${randomBytes(32).toString('base64')}`, UPSTREAM_CLIENT_SECRET: randomBytes(24).toString('base64url'), OPS_OIDC_ISSUER: 'https://login.banco.example/realms/equipe', OPS_OIDC_CLIENT_ID: 'console', OPS_OIDC_CLIENT_SECRET: randomBytes(24).toString('base64url'), OPS_OIDC_PUBLISHER_GROUPS: 'console-publicacao' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/COOKIE_SECRET: segredo fraco para produção/);
    expect(stderr).not.toMatch(/UPSTREAM_CLIENT_SECRET|OPS_USERS|OPS_OIDC|OPS_HOST/);
  });
});
