import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, SANDBOX_STAFF, SANDBOX_UPSTREAM_CLIENT } from '../../server/src/config.js';
import { CLIENT_SECRET_RULE, KEY_RULE, PASSWORD_RULE, SHIPPED_SECRETS, tooWeak } from '../../server/src/production-secrets.js';

/**
 * Every secret value the repository ships — docker compose's defaults, the docs' examples and
 * tables, the sandbox's fixtures and defaults, .env examples, the deploy files, scripts and
 * benchmarks — is one production refuses: listed in SHIPPED_SECRETS, or too weak anyway. A value
 * added to any of them without its place in the list fails here, so the list cannot fall behind.
 */

/** Where a secret is written and what the server reads it as: a variable of its own, a client secret, a console password. */
type Kind = 'COOKIE_SECRET' | 'UPSTREAM_CLIENT_SECRET' | 'OPS_USERS' | 'password' | `${string}_KEY` | `${string}_KEYS` | `${string}_SECRET`;
interface Found { kind: Kind; value: string; where: string }

const ENV_NAME = /^(?:[A-Z][A-Z0-9_]*_(?:SECRET|KEY|KEYS|PASSWORD)|OPS_USERS)$/;

/** What the server would read a value written under `name` as. */
function kindOf(name: string): Kind {
  if (name === 'OPS_USERS' || name === 'COOKIE_SECRET') return name;
  if (/client_?secret$/i.test(name)) return 'UPSTREAM_CLIENT_SECRET';
  if (/password$|^senha$/i.test(name)) return 'password';
  return name as Kind;
}

/** The secret values written in one file's text (TypeScript: literals only, not expressions). */
function secretsIn(text: string, where: string): Found[] {
  const code = /\.tsx?$/.test(where);
  const found: Found[] = [];
  const add = (name: string, value: string, line: number) => {
    // `${NAME:?…}` and `$(command)` are taken from the environment or made at run time: nothing shipped.
    if (value && !value.startsWith('$') && !value.includes('$(')) found.push({ kind: kindOf(name), value, where: `${where}:${line}` });
  };
  text.split('\n').forEach((line, index) => {
    const at = index + 1;
    // NAME=value, NAME: value, NAME: ${NAME:-value}, "NAME": "value" (shell, .env, YAML, JSON, TypeScript); in code, a quoted literal only.
    for (const m of line.matchAll(/\b([A-Z][A-Z0-9_]*)["']?\s*[:=]\s*(?:\$\{[A-Z0-9_]+:?-)?(["'`]?)([^\s"'`},]+(?:,[^\s"'`},]+)*)\2/g)) {
      if (ENV_NAME.test(m[1]!) && (m[2] || !code)) add(m[1]!, m[3]!, at);
    }
    // clientSecret: 'value', password: x ?? 'value', "password": "value" (code and fixtures).
    for (const m of line.matchAll(/\b(client_?[sS]ecret|[pP]assword|senha)\b["']?\s*[:=]\s*(?:[^,;\n]*?\?\?\s*)?(["'`])([^"'`\n]+)\2/g)) add(m[1]!, m[3]!, at);
    // A docs table row: | `NAME` / `OTHER_NAME` | `value` / `other value` | …
    const cells = line.split('|').map((c) => c.trim());
    if (line.trimStart().startsWith('|') && cells.length > 3) {
      const names = [...cells[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((n) => n[1]!);
      const values = [...cells[2]!.matchAll(/`([^`]+)`/g)].map((v) => v[1]!);
      names.forEach((name, k) => {
        if (ENV_NAME.test(name) && values[k] !== undefined) add(name, values[k]!, at);
      });
    }
  });
  return found;
}

/** The files that ship secret values: everything but the server's own code and the tests. */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter(Boolean)
  .filter((f) => /(^|\/)\.env[^/]*$|(^|\/)docker-compose[^/]*\.ya?ml$|^Dockerfile$|\.md$|^sandbox\/fixtures\/|^deploy\/|^\.ci\/|^(scripts|bench|sandbox\/src)\/.*\.ts$/.test(f))
  .filter((f) => !/\.test\.tsx?$/.test(f))
  .filter((f) => { try { readFileSync(f); return true; } catch { return false; } });

const shipped: Found[] = [
  ...files.flatMap((f) => secretsIn(readFileSync(f, 'utf8'), f)),
  // The sandbox's own API client and staff accounts, the server's defaults outside production.
  { kind: 'UPSTREAM_CLIENT_SECRET', value: SANDBOX_UPSTREAM_CLIENT.secret, where: 'server/src/config.ts' },
  ...SANDBOX_STAFF.split(',').map((account): Found => ({ kind: 'password', value: account.split(':')[1]!, where: 'server/src/config.ts' })),
];

const random = (bytes: number) => randomBytes(bytes).toString('base64');
const production = () => ({ APP_ENV: 'production', UPSTREAM_URL: 'https://backoffice.example', UPSTREAM_CLIENT_ID: 'app-consorcio-producao', UPSTREAM_CLIENT_SECRET: random(24), COOKIE_SECRET: random(32), SESSION_SEAL_KEYS: `k1=${randomBytes(32).toString('base64')}`, OPS_OIDC_ISSUER: 'https://login.banco.example/realms/equipe', OPS_OIDC_CLIENT_ID: 'console-operacoes', OPS_OIDC_CLIENT_SECRET: random(24), OPS_OIDC_PUBLISHER_GROUPS: 'console-publicacao', ALLOWED_HOSTS: 'app.aurora.example', OPS_HOST: 'ops.aurora.example' });

/** The variable and its value as production would be given a found secret. */
function asVariable(f: Found): [string, string] {
  if (f.kind === 'password') return ['OPS_USERS', `analista:${f.value}:viewer`];
  return [f.kind, f.value];
}

describe('the secret values shipped in the repository', () => {
  it('are found in compose, the docs, the fixtures and the sandbox (the scan itself)', () => {
    const values = new Set(shipped.map((f) => f.value));
    for (const v of ['sandbox-secret', '135790']) expect(values, v).toContain(v);
    // Compose takes every secret of the server from the environment (`${NAME:?how to make one}`).
    const server = new Set(['COOKIE_SECRET', 'SESSION_SEAL_KEYS', 'UPSTREAM_CLIENT_SECRET', 'OPS_USERS']);
    expect(shipped.filter((f) => f.where.startsWith('docker-compose.yml:') && server.has(f.kind)).map((f) => f.where)).toEqual([]);
    expect(secretsIn('COOKIE_SECRET=um-valor\nexport UPSTREAM_CLIENT_SECRET="outro-valor"\n| `SOME_KEY` / `OTHER_SECRET` | `a` / `b` |\nDEMO_SECRET: ${DEMO_SECRET:?export DEMO_SECRET=$(openssl rand -base64 32)}', '.env.example').map((f) => [f.kind, f.value])).toEqual([
      ['COOKIE_SECRET', 'um-valor'],
      ['UPSTREAM_CLIENT_SECRET', 'outro-valor'],
      ['SOME_KEY', 'a'],
      ['OTHER_SECRET', 'b'],
    ]);
  });

  it('are each listed as published or too weak for its rule', () => {
    const rule = (kind: Kind) => (kind === 'password' ? PASSWORD_RULE : kind === 'UPSTREAM_CLIENT_SECRET' ? CLIENT_SECRET_RULE : KEY_RULE);
    const values = shipped.flatMap((f) => (f.kind === 'OPS_USERS' ? f.value.split(',').map((a): Found => ({ ...f, kind: 'password', value: a.split(':')[1] ?? '' })) : [f]));
    const accepted = values.filter((f) => !SHIPPED_SECRETS.has(f.value) && !tooWeak(f.value, rule(f.kind)));
    expect(accepted.map((f) => `${f.where}: ${f.kind} ${f.value} — add it to SHIPPED_SECRETS (server/src/production-secrets.ts)`)).toEqual([]);
  });

  it('are each refused by production at start, naming the variable', () => {
    for (const f of shipped) {
      const [name, value] = asVariable(f);
      // A variable the configuration does not read is the sandbox's or a service's own: read as a key.
      // OPS_USERS is read outside production only: production refuses it whatever its passwords.
      const variable = name in production() || name === 'OPS_USERS' || name.endsWith('_KEYS') ? name : 'COOKIE_SECRET';
      expect(() => loadConfig({ ...production(), [variable]: value }), `${f.where}: ${f.kind}`).toThrow(new RegExp(`${variable}\\b`));
    }
  });
});
