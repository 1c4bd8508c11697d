import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../server/src/config.js';
import { PRODUCTION_PROVIDER, productionSecrets } from '../helpers/production-secrets.js';

/** What production starts with, but for the connection under test. */
const production = (extra: Record<string, string>) =>
  loadConfig({ APP_ENV: 'production', UPSTREAM_URL: 'https://backoffice.example', ALLOWED_HOSTS: 'consorcio.aurora.example', OPS_HOST: 'ops.consorcio.example', ...productionSecrets(), ...PRODUCTION_PROVIDER, ...extra });

describe('production reaches PostgreSQL, Redis and the collector over TLS', () => {
  it.each([
    ['DATABASE_URL', 'postgresql://app@db.internal:5432/consorcio'],
    ['DATABASE_URL', 'postgresql://app@db.internal:5432/consorcio?sslmode=prefer'],
    ['DATABASE_URL', 'postgresql://app@db.internal:5432/consorcio?sslmode=disable'],
    ['REDIS_URL', 'redis://cache.internal:6379'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'http://collector.observability:4318'],
  ])('refuses to start with %s=%s, naming the variable', (variable, value) => {
    expect(() => production({ [variable]: value })).toThrow(new RegExp(`${variable}: em produção`));
  });

  it.each([
    ['DATABASE_URL', 'postgresql://app@db.internal:5432/consorcio?sslmode=verify-full'],
    ['DATABASE_URL', 'postgresql://app@db.internal:5432/consorcio?sslmode=require'],
    ['REDIS_URL', 'rediss://cache.internal:6380'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'https://collector.observability:4318'],
    ['DATABASE_URL', 'postgresql://app@127.0.0.1:5432/consorcio'],
    ['REDIS_URL', 'redis://localhost:6379'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'http://127.0.0.1:4318'],
  ])('starts with %s=%s (TLS, or a sidecar on the loopback)', (variable, value) => {
    expect(production({ [variable]: value })[variable as 'DATABASE_URL']).toBe(value);
  });

  it('starts in clear only when the exemption names a reason, and refuses a reason of a word', () => {
    const clear = { DATABASE_URL: 'postgresql://app@db:5432/c', REDIS_URL: 'redis://redis:6379', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    const reasons = { DATABASE_TLS_EXEMPTION: 'compose demo, private network only', REDIS_TLS_EXEMPTION: 'compose demo, private network only', OTEL_TLS_EXEMPTION: 'collector on the node, same host' };
    expect(production({ ...clear, ...reasons }).REDIS_URL).toBe('redis://redis:6379');
    expect(() => production({ ...clear, ...reasons, REDIS_TLS_EXEMPTION: 'sim' })).toThrow(/REDIS_TLS_EXEMPTION/);
  });

  it('leaves development alone', () => {
    expect(loadConfig({ UPSTREAM_URL: 'http://127.0.0.1:4010', DATABASE_URL: 'postgresql://db/x', REDIS_URL: 'redis://cache:6379' }).REDIS_URL).toBe('redis://cache:6379');
  });

  it('the compose demo, which runs as production over its private network, says why it uses no TLS', () => {
    const compose = parse(readFileSync(new URL('../../docker-compose.yml', import.meta.url), 'utf8')) as { services: { server: { environment: Record<string, string> } } };
    const env = compose.services.server.environment;
    expect(env.APP_ENV).toBe('production');
    expect(env.DATABASE_TLS_EXEMPTION?.length).toBeGreaterThanOrEqual(20);
    expect(env.REDIS_TLS_EXEMPTION?.length).toBeGreaterThanOrEqual(20);
  });
});
