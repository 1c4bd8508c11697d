import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BiometricCredentials, NEWEST_GRANT_SCHEME, sealGrant, type BiometricRecord } from './biometric-credentials.js';
import { openDatabase, type Database } from './database.js';

/**
 * A biometric grant at rest: the table holds the credential's SHA-256 and the back-office refresh
 * token sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the credential, so the
 * table alone opens nothing and a changed byte opens nothing. OWASP ASVS 5.0 V11.3.3, V14.2.4.
 */
let db: Database;
beforeAll(async () => {
  db = await openDatabase({ dataDir: ':memory:' });
});
afterAll(async () => db?.close());

const credential = 'Q2FkYS1jcmVkZW5jaWFsLWUtYWxlYXRvcmlhLWRlLTI1Ni1iaXRzLWFhYQ';
const record: BiometricRecord = {
  customer: '66115750903',
  partnerId: 1,
  platform: 'android',
  grant: { refreshToken: 'refresh-token-da-familia-biometrica', customer: { nome: 'Ana', inscricaoNacional: '66115750903', tipoPessoa: 'F', senhaExpirada: false, atualizacaoCadastralObrigatoria: false, requerMfa: false }, idCota: 7 },
};

describe('biometric grants at rest', () => {
  it('keeps neither the credential nor the refresh token readable in the table', async () => {
    const store = new BiometricCredentials(db, 60_000);
    await store.enrol(credential, record);
    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM biometric_credentials');
    const stored = JSON.stringify(row);
    for (const secret of [credential, record.grant.refreshToken, record.grant.customer.nome]) expect(stored).not.toContain(secret);
    expect((await store.find(credential))?.grant).toEqual(record.grant);
    expect(await store.find(`${credential.slice(0, -1)}b`)).toBeNull();
  });

  it('opens nothing once a byte of the sealed grant is changed (authenticated encryption)', async () => {
    const store = new BiometricCredentials(db, 60_000);
    await store.enrol(credential, record);
    const [row] = await db.query<{ sealed: string }>('SELECT sealed FROM biometric_credentials');
    const [, prefix = '', body = ''] = /^(grant\.v\d+\.)?(.*)$/.exec(row!.sealed)!;
    const sealed = Buffer.from(body, 'base64');
    for (const at of [0, 20, sealed.length - 1]) {
      const changed = Buffer.from(sealed);
      changed[at] = changed[at]! ^ 0x01;
      await db.query('UPDATE biometric_credentials SET sealed = $1', [prefix + changed.toString('base64')]);
      expect(await store.find(credential), `byte ${at}`).toBeNull();
    }
  });

  it('records the scheme a grant is sealed with, opens the older one, and seals it with the newest at renew (OWASP ASVS 5.0 V11.2.2)', async () => {
    const store = new BiometricCredentials(db, 60_000);
    await store.enrol(credential, record);
    const [fresh] = await db.query<{ sealed: string }>('SELECT sealed FROM biometric_credentials');
    expect(fresh!.sealed).toMatch(/^grant\.v2\.[A-Za-z0-9+/=]+$/);
    expect((await store.find(credential))?.scheme).toBe(NEWEST_GRANT_SCHEME);
    // A grant the first scheme sealed (bare base64) still opens, and says so.
    await db.query('UPDATE biometric_credentials SET sealed = $1', [sealGrant(credential, record.grant, 1)]);
    const older = await store.find(credential);
    expect(older).toMatchObject({ grant: record.grant, scheme: 1 });
    await store.renew(credential, { ...older!.grant, refreshToken: 'girado' });
    const [renewed] = await db.query<{ sealed: string }>('SELECT sealed FROM biometric_credentials');
    expect(renewed!.sealed.startsWith('grant.v2.')).toBe(true);
    expect(await store.find(credential)).toMatchObject({ grant: { refreshToken: 'girado' }, scheme: 2 });
    // The version is bound: a newer seal relabelled as the first scheme opens nothing.
    await db.query('UPDATE biometric_credentials SET sealed = $1', [renewed!.sealed.slice('grant.v2.'.length)]);
    expect(await store.find(credential)).toBeNull();
  });
});
