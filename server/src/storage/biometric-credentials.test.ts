import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BiometricCredentials, type BiometricRecord } from './biometric-credentials.js';
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
    const sealed = Buffer.from(row!.sealed, 'base64');
    for (const at of [0, 20, sealed.length - 1]) {
      const changed = Buffer.from(sealed);
      changed[at] = changed[at]! ^ 0x01;
      await db.query('UPDATE biometric_credentials SET sealed = $1', [changed.toString('base64')]);
      expect(await store.find(credential), `byte ${at}`).toBeNull();
    }
  });
});
