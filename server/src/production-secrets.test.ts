import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from './config.js';
import { CLIENT_SECRET_RULE, estimatedBits, KEY_RULE, PASSWORD_RULE, SHIPPED_SECRETS, secretProblems, secretVariables, tooWeak } from './production-secrets.js';

describe('the entropy estimate of a secret', () => {
  it('gives random values about their true entropy', () => {
    // Fixed 256-bit values that look random (SHA-256 of a counter): the same every run, so a rare
    // draw the estimate reads low cannot make the test pass one day and fail the next.
    for (let k = 0; k < 200; k++) {
      const value = createHash('sha256').update(`sample-${k}`).digest();
      expect(estimatedBits(value.toString('base64'))).toBeGreaterThan(200);
      expect(estimatedBits(value.toString('hex'))).toBeGreaterThan(160);
    }
  });

  it('gives repetitions, sequences, repeated pieces and short alphabets little', () => {
    expect(estimatedBits('x'.repeat(40))).toBeLessThan(50);
    expect(estimatedBits('abcdefghijklmnopqrstuvwxyz012345')).toBeLessThan(50);
    expect(estimatedBits('k3J9'.repeat(10))).toBeLessThan(80);
    expect(estimatedBits('9876543210'.repeat(4))).toBeLessThan(64);
    expect(estimatedBits('0123456789'.repeat(4))).toBeLessThan(64);
    // 40 random binary digits: 40 bits at most, whatever their length says.
    expect(estimatedBits('0110100110010110100101100110100110010110')).toBeLessThanOrEqual(40 * Math.log2(10));
  });
});

describe('the strength rules', () => {
  it('take random keys, client secrets and passwords of the documented recipes', () => {
    for (let k = 0; k < 200; k++) {
      expect(tooWeak(randomBytes(32).toString('base64'), KEY_RULE)).toBe(false);
      expect(tooWeak(randomBytes(32).toString('hex'), KEY_RULE)).toBe(false);
      expect(tooWeak(randomBytes(24).toString('base64url'), CLIENT_SECRET_RULE)).toBe(false);
      expect(tooWeak(randomBytes(18).toString('base64'), PASSWORD_RULE)).toBe(false);
    }
    expect(tooWeak('cavalo-correto-bateria-grampo', PASSWORD_RULE)).toBe(false);
  });

  it.each([
    ['one character repeated', 'x'.repeat(64), KEY_RULE],
    ['two characters alternating', 'ab'.repeat(32), KEY_RULE],
    ['a key of 128 bits written as 32 hex digits (too close to the floor to estimate)', randomBytes(16).toString('hex').replace(/./, 'a'), KEY_RULE],
    ['a key shorter than 32 characters', randomBytes(16).toString('base64url').slice(0, 20), KEY_RULE],
    ['the alphabet', 'abcdefghijklmnopqrstuvwxyz0123456789', KEY_RULE],
    ['a client secret of 12 characters', randomBytes(9).toString('base64'), CLIENT_SECRET_RULE],
    ['a password of 14 characters', 'Uma-Senha-Boa1', PASSWORD_RULE],
    ['a long password of few characters', 'senhasenhasenhasenha', PASSWORD_RULE],
    ['the customers’ six-digit passwords', '135790', PASSWORD_RULE],
  ])('refuse %s', (_name, value, rule) => {
    expect(tooWeak(value, rule)).toBe(true);
  });
});

describe('the secrets production checks', () => {
  it('are COOKIE_SECRET, UPSTREAM_CLIENT_SECRET, OPS_USERS and every *_SECRET, *_KEY or *_KEYS variable of the configuration', () => {
    const names = Object.keys(ConfigSchema.shape);
    const checked = secretVariables(names);
    expect([...checked.keys()]).toEqual(expect.arrayContaining(['COOKIE_SECRET', 'UPSTREAM_CLIENT_SECRET', 'OPS_USERS']));
    expect(names.filter((n) => /_(SECRET|KEY|KEYS)$/.test(n) && !checked.has(n))).toEqual([]);
    expect(secretVariables(['SOME_FUTURE_KEY']).get('SOME_FUTURE_KEY')).toBe(KEY_RULE);
  });

  it('name the variable (and the console login) without repeating the value', () => {
    const cookie = 'demo-only-secret-change-me-0123456789abcdef';
    const problems = secretProblems({ COOKIE_SECRET: cookie, UPSTREAM_CLIENT_SECRET: 'x'.repeat(20), OPS_USERS: `ana:${randomBytes(18).toString('base64')}:viewer,bia:senha-curta:publisher`, LOG_LEVEL: 'info' });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['COOKIE_SECRET', 'UPSTREAM_CLIENT_SECRET', 'OPS_USERS (senha de bia)']);
    expect(problems[0]).toMatch(/publicado no repositório/);
    expect(problems[1]).toMatch(/fraco/);
    for (const p of problems) expect(p).not.toMatch(/demo-only|xxxx|senha-curta/);
  });

  it('check each key of a key ring (id=key,…)', () => {
    const good = randomBytes(32).toString('base64');
    expect(secretProblems({ SESSION_SEAL_KEYS: `k2=${good}` })).toEqual([]);
    expect(secretProblems({ SESSION_SEAL_KEYS: `k2=${good},k1=${Buffer.alloc(32).toString('base64')}` })).toEqual([expect.stringMatching(/^SESSION_SEAL_KEYS \(chave k1\): segredo fraco/)]);
  });

  it('refuse every value of the sandbox and of the compose demo', () => {
    for (const value of SHIPPED_SECRETS) expect(secretProblems({ COOKIE_SECRET: value, UPSTREAM_CLIENT_SECRET: value, OPS_USERS: `a:${value}:viewer` })).toHaveLength(3);
  });
});
