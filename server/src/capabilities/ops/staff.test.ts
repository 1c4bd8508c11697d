import { describe, expect, it } from 'vitest';
import { StaffAccounts } from './staff.js';

describe('the console’s password accounts (OPS_USERS, outside production)', () => {
  const accounts = new StaffAccounts('ana:mesma-senha-longa:publisher,bia:mesma-senha-longa:viewer');

  it('lets each staff member in with their own login and password only, with their role', async () => {
    expect(await accounts.verify('ana', 'mesma-senha-longa')).toEqual({ login: 'ana', role: 'publisher' });
    expect(await accounts.verify('bia', 'mesma-senha-longa')).toEqual({ login: 'bia', role: 'viewer' });
    expect(await accounts.verify('ana', 'outra-senha')).toBeNull();
    expect(await accounts.verify('carla', 'mesma-senha-longa')).toBeNull();
  });

  it('keeps no password, only a salted scrypt hash: two accounts with one password keep different hashes', async () => {
    await accounts.verify('ana', 'x');
    const kept = JSON.stringify(accounts, (_k, v: unknown) => (v instanceof Promise ? undefined : v));
    expect(kept).not.toContain('mesma-senha-longa');
    const credentials = await (accounts as unknown as { credentials: Promise<Array<{ hash: Buffer; salt: Buffer }>> }).credentials;
    expect(credentials[0]!.salt.equals(credentials[1]!.salt)).toBe(false);
    expect(credentials[0]!.hash.equals(credentials[1]!.hash)).toBe(false);
  });

  it('refuses an entry without login, password or a known role, naming OPS_USERS', () => {
    expect(() => new StaffAccounts('ana:senha:chefe')).toThrow(/OPS_USERS: entrada inválida "ana:…"/);
  });
});
