import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SealKeys } from './sealing.js';

describe('sealing (AES-256-GCM under a key ring)', () => {
  const k1 = { id: 'k1', key: randomBytes(32) };
  const k2 = { id: 'k2', key: randomBytes(32) };

  it('seals with the newest key and opens with any listed one, for the same context only', () => {
    const sealed = new SealKeys([k1]).seal('token', 'session-a');
    expect(sealed).toMatch(/^seal\.v1\.k1\./);
    expect(sealed).not.toContain('token');
    const ring = new SealKeys([k2, k1]);
    expect(ring.open(sealed, 'session-a')).toBe('token');
    expect(ring.seal('token', 'session-a')).toMatch(/^seal\.v1\.k2\./);
    expect(ring.open(sealed, 'session-b')).toBeNull();
    expect(new SealKeys([k2]).open(sealed, 'session-a')).toBeNull();
  });

  it('refuses a value changed in any part', () => {
    const ring = new SealKeys([k1]);
    const parts = ring.seal('token', 'ctx').split('.');
    for (const at of [3, 4, 5]) {
      const changed = [...parts];
      const text = changed[at]!;
      changed[at] = (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
      expect(ring.open(changed.join('.'), 'ctx')).toBeNull();
    }
    expect(ring.open('token', 'ctx')).toBeNull();
    // A tag cut short is not accepted as a weaker one.
    expect(ring.open(parts.slice(0, 5).join('.') + '.' + parts[5]!.slice(0, 8), 'ctx')).toBeNull();
  });

  it('reads the ring from the environment’s form and refuses a bad key', () => {
    const text = `new=${k2.key.toString('base64')},old=${k1.key.toString('base64url')}`;
    const ring = SealKeys.parse(text);
    expect(ring.current).toBe('new');
    expect(ring.open(new SealKeys([k1].map((k) => ({ ...k, id: 'old' }))).seal('x', 'c'), 'c')).toBe('x');
    expect(() => SealKeys.parse('k=' + randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
    expect(() => SealKeys.parse(`k=${k1.key.toString('base64')},k=${k2.key.toString('base64')}`)).toThrow(/distinct/);
    expect(() => SealKeys.parse('sem-igual')).toThrow(/id=base64/);
  });
});
