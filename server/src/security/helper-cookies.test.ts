import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SealKeys } from '../storage/sealing.js';
import { openHelper, sealHelper } from './helper-cookies.js';

const ring = (...ids: string[]) => new SealKeys(ids.map((id) => ({ id, key: randomBytes(32) })));
const FORGOT = { purpose: 'forgot-password', lifetimeSeconds: 900 } as const;
const HOST = 'consorcio.aurora.example';
const T0 = Date.UTC(2026, 10, 28, 12);
const MINUTE = 60_000;

describe('helper cookies: sealed, bound to a purpose, a host and a lifetime', () => {
  it('opens what it sealed, on its host, for its purpose, within its lifetime', () => {
    const keys = ring('k1');
    const sealed = sealHelper(keys, FORGOT, HOST, '{"documento":"66115750903"}', T0);
    expect(openHelper(keys, 'forgot-password', HOST, sealed, T0 + 14 * MINUTE)).toBe('{"documento":"66115750903"}');
    expect(openHelper(keys, 'forgot-password', `${HOST.toUpperCase()}:443`, sealed, T0)).toBe('{"documento":"66115750903"}');
  });

  it('refuses a value sealed 16 minutes ago for a 15-minute chain, whatever the browser kept', () => {
    const keys = ring('k1');
    const sealed = sealHelper(keys, FORGOT, HOST, 'x', T0);
    expect(openHelper(keys, 'forgot-password', HOST, sealed, T0 + 15 * MINUTE)).toBeNull();
    expect(openHelper(keys, 'forgot-password', HOST, sealed, T0 + 16 * MINUTE)).toBeNull();
  });

  it('refuses a value made for another purpose: a remembered CPF is no forgot-password state, nor a device mark', () => {
    const keys = ring('k1');
    const hint = sealHelper(keys, { purpose: 'login-hint', lifetimeSeconds: 600 }, HOST, '66115750903', T0);
    expect(openHelper(keys, 'login-hint', HOST, hint, T0)).toBe('66115750903');
    expect(openHelper(keys, 'forgot-password', HOST, hint, T0)).toBeNull();
    expect(openHelper(keys, 'biometric-device', HOST, hint, T0)).toBeNull();
  });

  it('refuses a value made on another partner’s host', () => {
    const keys = ring('k1');
    const sealed = sealHelper(keys, FORGOT, HOST, 'x', T0);
    expect(openHelper(keys, 'forgot-password', 'consorcio.horizonte.example', sealed, T0)).toBeNull();
  });

  it('holds no personal data in clear, and names its seal version and key id', () => {
    const sealed = sealHelper(ring('k1'), FORGOT, HOST, '{"documento":"66115750903","email":"ana@example.com"}', T0);
    expect(sealed).toMatch(/^seal\.v1\.k1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('661157');
    expect(Buffer.from(sealed.split('.')[4]!, 'base64url').toString('latin1')).not.toContain('661157');
  });

  it('refuses an altered value, one sealed under a key no longer listed, and text that is no seal', () => {
    const keys = ring('k1');
    const sealed = sealHelper(keys, FORGOT, HOST, 'x', T0);
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(openHelper(keys, 'forgot-password', HOST, altered, T0)).toBeNull();
    expect(openHelper(ring('k2'), 'forgot-password', HOST, sealed, T0)).toBeNull();
    for (const text of ['x', '["x",9999999999999]', 'seal.v1.k1...', 's:x.abc', `${sealed}.`, ` ${sealed}`]) expect(openHelper(keys, 'forgot-password', HOST, text, T0), text).toBeNull();
  });

  it('rotates keys without ending a chain in progress: the newest seals, an older listed key still opens', () => {
    const k1 = { id: 'k1', key: randomBytes(32) };
    const k2 = { id: 'k2', key: randomBytes(32) };
    const before = sealHelper(new SealKeys([k1]), FORGOT, HOST, 'x', T0);
    const rotated = new SealKeys([k2, k1]);
    expect(openHelper(rotated, 'forgot-password', HOST, before, T0)).toBe('x');
    expect(sealHelper(rotated, FORGOT, HOST, 'x', T0)).toMatch(/^seal\.v1\.k2\./);
  });
});
