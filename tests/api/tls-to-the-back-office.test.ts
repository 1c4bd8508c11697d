import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamClient } from '../../server/src/upstream/client.js';
import { UpstreamError } from '../../server/src/upstream/upstream-error.js';

/**
 * The back office is reached over TLS whose certificate is checked: a server the machine does not
 * trust (here a self-signed one) gets no request at all, and nothing in the product or its
 * deployment turns the check off. OWASP ASVS 5.0 V12.3.2.
 */
const ROOT = join(import.meta.dirname, '../..');

/** A self-signed certificate for localhost and 127.0.0.1 (P-256), made for this test only. */
const KEY = [
  '-----BEGIN PRIVATE KEY-----',
  'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgqDhqHERpdd4ncuR3',
  'ba1y6I2MvrH/dxvjz8UgrO7wOy6hRANCAAQYsFSF1dtLmUOA2ShyfNaWFctdw14F',
  'CbaSsSMYdBE0Bjw48f1bvmbeBNkaUgqUIV5Q4h8bh6q5lVChZdMm4X2v',
  '-----END PRIVATE KEY-----'
].join('\n');
const CERT = [
  '-----BEGIN CERTIFICATE-----',
  'MIIBnDCCAUGgAwIBAgIUY7JrfGLdK5I4tUXiLoxHUDW8ZGEwCgYIKoZIzj0EAwIw',
  'FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyNjA1MzQzMVoYDzIxMjYxMTAy',
  'MDUzNDMxWjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO',
  'PQMBBwNCAAQYsFSF1dtLmUOA2ShyfNaWFctdw14FCbaSsSMYdBE0Bjw48f1bvmbe',
  'BNkaUgqUIV5Q4h8bh6q5lVChZdMm4X2vo28wbTAdBgNVHQ4EFgQU6/hoyY04hmtQ',
  'DGUCxB51jChpDC0wHwYDVR0jBBgwFoAU6/hoyY04hmtQDGUCxB51jChpDC0wDwYD',
  'VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI',
  'zj0EAwIDSQAwRgIhALhERFtSuovCv/KVS+3YKXEVod62r0RvtIQqb5gBPQ1oAiEA',
  '/ancDYPZ1SSPdDsc/JiUfUllkFwm0A4lioQ39sPRDoo=',
  '-----END CERTIFICATE-----'
].join('\n');

let server: Server;
let asked = 0;
beforeAll(async () => {
  server = createServer({ key: KEY, cert: CERT }, (_req, res) => {
    asked += 1;
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return ['node_modules', 'dist', 'data'].includes(name) ? [] : files(path);
    return /\.(ts|tsx|js|ya?ml|json)$|Dockerfile|Caddyfile/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('TLS to the back office', () => {
  it('refuses a back office whose certificate the machine does not trust, sending it nothing', async () => {
    const upstream = new UpstreamClient({ url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, basePath: '/app-cliente/v1', clientId: 'c', clientSecret: 's', connections: 1, appVersion: '1.0.0' });
    try {
      const failure = await upstream.call({ method: 'GET', path: 'versoes' }).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(UpstreamError);
      expect((failure as UpstreamError).status).toBe(0);
      expect(String(((failure as UpstreamError).cause as Error | undefined)?.message ?? '')).toMatch(/self[- ]signed|certificate/i);
      expect(asked).toBe(0);
    } finally {
      await upstream.close();
    }
  });

  it('never turns certificate checks off, in the product or its deployment', () => {
    const checked = ['server', 'sandbox', 'scripts', 'deploy', 'screens', 'back-office'].flatMap(files).concat(['Dockerfile', 'docker-compose.yml']);
    expect(checked.length).toBeGreaterThan(100);
    const off = checked.filter((path) => /rejectUnauthorized\s*:\s*false|NODE_TLS_REJECT_UNAUTHORIZED|checkServerIdentity\s*:/.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(off).toEqual([]);
  });
});
