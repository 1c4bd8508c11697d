import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from './config.js';

const base = { UPSTREAM_URL: 'http://127.0.0.1:4010' };

describe('configuration', () => {
  it('starts on the embedded default with only UPSTREAM_URL', () => {
    const c = loadConfig(base);
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DATA_DIR).toBe('data/pglite');
    expect(c.sessionCookieName).toBe('sid');
    expect(c.secureCookies).toBe(false);
  });

  it('names the variable and the problem for a bad value', () => {
    expect(() => loadConfig({ ...base, PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PORT: '99999' })).toThrow(/PORT/);
    expect(() => loadConfig({ UPSTREAM_URL: 'ftp://x' })).toThrow(/UPSTREAM_URL deve ser uma URL http\(s\)/);
    expect(() => loadConfig({ ...base, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL deve começar com postgres/);
    expect(() => loadConfig({ ...base, LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
  });

  it('requires UPSTREAM_URL', () => {
    expect(() => loadConfig({})).toThrow(/UPSTREAM_URL/);
  });

  it('uses a Secure __Host-Http- cookie and demands a cookie secret in production', () => {
    expect(() => loadConfig({ ...base, APP_ENV: 'production' })).toThrow(/COOKIE_SECRET/);
    const c = loadConfig({ ...base, APP_ENV: 'production', UPSTREAM_CLIENT_ID: 'cliente-de-teste', UPSTREAM_CLIENT_SECRET: 'segredo-do-cliente-de-teste', COOKIE_SECRET: randomBytes(32).toString('base64'), SESSION_SEAL_KEYS: `k1=${randomBytes(32).toString('base64')}`, OPS_OIDC_ISSUER: 'https://login.banco.example/realms/equipe', OPS_OIDC_CLIENT_ID: 'console-operacoes', OPS_OIDC_CLIENT_SECRET: 'Kq7vR2mX9tLp4wZc8nB3', OPS_OIDC_PUBLISHER_GROUPS: 'console-publicacao', ALLOWED_HOSTS: 'localhost', OPS_HOST: 'ops.localhost' });
    expect(c.secureCookies).toBe(true);
    expect(c.sessionCookieName).toBe('__Host-Http-sid');
    expect(c.validateScreens).toBe(false);
  });

  const production = { APP_ENV: 'production', UPSTREAM_URL: 'https://backoffice.example', UPSTREAM_CLIENT_ID: 'app-consorcio-producao', UPSTREAM_CLIENT_SECRET: 'um-segredo-de-cliente-de-verdade', COOKIE_SECRET: randomBytes(32).toString('base64'), SESSION_SEAL_KEYS: `k1=${randomBytes(32).toString('base64')}`, OPS_OIDC_ISSUER: 'https://login.banco.example/realms/equipe', OPS_OIDC_CLIENT_ID: 'console-operacoes', OPS_OIDC_CLIENT_SECRET: 'Kq7vR2mX9tLp4wZc8nB3', OPS_OIDC_PUBLISHER_GROUPS: 'console-publicacao', ALLOWED_HOSTS: 'app.aurora.example, app.horizonte.example:443', OPS_HOST: 'ops.aurora.example' };

  it('starts in production with safe settings and reads the allowed hosts without ports, the console’s among them', () => {
    expect([...loadConfig(production).allowedHosts!]).toEqual(['app.aurora.example', 'app.horizonte.example', 'ops.aurora.example']);
  });

  it.each([
    ['password accounts for the console', { OPS_USERS: 'ana.souza:uma-senha-longa-de-verdade:publisher' }, /OPS_USERS: não vale em produção/],
    ['no identity provider for the staff', { OPS_OIDC_ISSUER: undefined }, /OPS_OIDC_ISSUER: obrigatório em produção/],
    ['an identity provider over http', { OPS_OIDC_ISSUER: 'http://login.banco.example' }, /OPS_OIDC_ISSUER: o provedor de identidade deve ser acessado por https/],
    ['the sandbox provider’s client secret', { OPS_OIDC_CLIENT_SECRET: 'sandbox-console-secret' }, /OPS_OIDC_CLIENT_SECRET: valor publicado no repositório/],
    ['no console role mapped to groups', { OPS_OIDC_PUBLISHER_GROUPS: undefined }, /OPS_OIDC_VIEWER_GROUPS, OPS_OIDC_PUBLISHER_GROUPS, OPS_OIDC_APPROVER_GROUPS/],
    ['no cookie secret', { COOKIE_SECRET: undefined }, /COOKIE_SECRET: obrigatório/],
    ['no sealing keys for the session store', { SESSION_SEAL_KEYS: undefined }, /SESSION_SEAL_KEYS: obrigatório/],
    ['a sealing key of 16 bytes', { SESSION_SEAL_KEYS: `k1=${randomBytes(16).toString('base64')}` }, /SESSION_SEAL_KEYS deve ser id=chave-base64-de-32-bytes/],
    ['a short cookie secret', { COOKIE_SECRET: 'curto' }, /COOKIE_SECRET precisa de pelo menos 32/],
    ['an http upstream', { UPSTREAM_URL: 'http://backoffice.example' }, /UPSTREAM_URL: o back office deve ser acessado por https/],
    ['no allowed hosts', { ALLOWED_HOSTS: undefined }, /ALLOWED_HOSTS: obrigatório/],
    ['no console host', { OPS_HOST: undefined }, /OPS_HOST: obrigatório/],
    ['a console publish without a second person', { OPS_REQUIRE_APPROVAL: 'false' }, /OPS_REQUIRE_APPROVAL: em produção/],
    ['no API client id', { UPSTREAM_CLIENT_ID: undefined }, /UPSTREAM_CLIENT_ID: obrigatório em produção/],
    ['the sandbox’s API client id', { UPSTREAM_CLIENT_ID: 'app-cliente-web' }, /UPSTREAM_CLIENT_ID: obrigatório em produção/],
    ['no API client secret', { UPSTREAM_CLIENT_SECRET: undefined }, /UPSTREAM_CLIENT_SECRET: obrigatório em produção/],
    ['the sandbox’s API client secret', { UPSTREAM_CLIENT_SECRET: 'sandbox-secret' }, /UPSTREAM_CLIENT_SECRET: obrigatório em produção/],
    ['a cookie secret of one character repeated', { COOKIE_SECRET: 'x'.repeat(40) }, /COOKIE_SECRET: segredo fraco/],
    ['a cookie secret of a sequence', { COOKIE_SECRET: 'abcdefghijklmnopqrstuvwxyz0123456789' }, /COOKIE_SECRET: segredo fraco/],
    ['the compose demo’s cookie secret', { COOKIE_SECRET: 'demo-only-secret-change-me-0123456789abcdef' }, /COOKIE_SECRET: valor publicado no repositório/],
    ['a short API client secret', { UPSTREAM_CLIENT_SECRET: 'curto-demais' }, /UPSTREAM_CLIENT_SECRET: segredo fraco/],
    ['the compose demo’s API client secret', { UPSTREAM_CLIENT_SECRET: 'demo-only-client-secret-change-me' }, /UPSTREAM_CLIENT_SECRET: valor publicado no repositório/],
    ['a console session longer than 8 hours', { OPS_SESSION_MAX_HOURS: '12' }, /OPS_SESSION_MAX_HOURS: no máximo 8 horas/],
    ['a role read again less often than every 5 minutes', { OPS_ROLE_CHECK_SECONDS: '600' }, /OPS_ROLE_CHECK_SECONDS: no máximo 300/],
  ])('refuses to start in production with %s, naming the variable', (_name, change, message) => {
    expect(() => loadConfig({ ...production, ...change })).toThrow(message);
  });

  it('takes COOKIE_SECRET as a list, newest first: the first keys the pseudonyms, every one finds sessions (OWASP ASVS 5.0 V11.2.2)', () => {
    const [newer, older] = [randomBytes(32).toString('base64'), randomBytes(32).toString('base64')];
    const one = loadConfig({ ...production, COOKIE_SECRET: older });
    const rotated = loadConfig({ ...production, COOKIE_SECRET: `${newer}, ${older}` });
    expect(rotated.subjectKeys).toHaveLength(2);
    expect(rotated.subjectKeys[1]).toEqual(one.subjectKey);
    expect(rotated.subjectKey).toEqual(rotated.subjectKeys[0]);
    expect(rotated.subjectKey).not.toEqual(one.subjectKey);
    expect(() => loadConfig({ ...production, COOKIE_SECRET: `${newer},curto` })).toThrow(/COOKIE_SECRET precisa de pelo menos 32 caracteres/);
    expect(() => loadConfig({ ...production, COOKIE_SECRET: `${newer},${'x'.repeat(40)}` })).toThrow(/COOKIE_SECRET \(segredo 2\): segredo fraco/);
    expect(() => loadConfig({ ...production, COOKIE_SECRET: [1, 2, 3, 4].map(() => randomBytes(32).toString('base64')).join(',') })).toThrow(/no máximo 3 segredos/);
  });

  it('signs staff in with passwords or at a provider, never both, and at a provider only with its client and groups', () => {
    const provider = { OPS_OIDC_ISSUER: 'http://127.0.0.1:4011', OPS_OIDC_CLIENT_ID: 'console', OPS_OIDC_CLIENT_SECRET: 'segredo', OPS_OIDC_VIEWER_GROUPS: 'leitura, auditoria' };
    expect(loadConfig(base).staffSignIn.kind).toBe('password');
    expect(loadConfig({ ...base, ...provider }).staffSignIn).toMatchObject({ kind: 'provider', roleGroups: { viewer: ['leitura', 'auditoria'], publisher: [], approver: [] } });
    expect(() => loadConfig({ ...base, ...provider, OPS_USERS: 'ana:1:viewer' })).toThrow(/OPS_USERS: não use junto com OPS_OIDC_ISSUER/);
    expect(() => loadConfig({ ...base, ...provider, OPS_OIDC_CLIENT_SECRET: undefined })).toThrow(/OPS_OIDC_CLIENT_SECRET: obrigatório com OPS_OIDC_ISSUER/);
  });

  it('takes weak secrets outside production', () => {
    expect(loadConfig({ ...base, COOKIE_SECRET: 'x'.repeat(32), OPS_USERS: 'ana:1:viewer' }).COOKIE_SECRET).toBe('x'.repeat(32));
  });

  it('accepts plain http only to a loopback sidecar', () => {
    expect(loadConfig({ ...production, UPSTREAM_URL: 'http://127.0.0.1:4010' }).UPSTREAM_URL).toBe('http://127.0.0.1:4010');
  });

  it('warns about a variable that looks like a misspelt known one, and about nothing else', () => {
    const c = loadConfig({ ...base, UPSTREAM_ULR: 'http://x', PORTT: '1', HOME: '/root', PATH: '/bin', NODE_ENV: 'test' });
    expect(c.warnings).toEqual(['UPSTREAM_ULR não é uma variável conhecida; você quis dizer UPSTREAM_URL?', 'PORTT não é uma variável conhecida; você quis dizer PORT?']);
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ ...base, PORT: '70000' })).toThrow(/PORT/);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and with 0', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });
  it('takes a hop count or a list of addresses and CIDR ranges', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', '::1']);
  });
  it('refuses anything else, naming the bad entry', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*true/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/10\.0\.0\.0\/33/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY/);
  });
});
