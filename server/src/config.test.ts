import { describe, expect, it } from 'vitest';
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
    const c = loadConfig({ ...base, APP_ENV: 'production', COOKIE_SECRET: 'x'.repeat(32) });
    expect(c.secureCookies).toBe(true);
    expect(c.sessionCookieName).toBe('__Host-Http-sid');
    expect(c.validateScreens).toBe(false);
  });
});
