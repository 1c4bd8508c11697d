import { createHash, hkdfSync } from 'node:crypto';
import { gcmOpen, gcmSeal } from './sealing.js';
import type { Database } from './database.js';
import type { Customer } from './session-store.js';

/** What a biometric unlock needs to open a session again without the password. */
export interface BiometricGrant {
  /** A back-office refresh token of its own token family (never the session's), rotated on each unlock. */
  refreshToken: string;
  customer: Customer;
  /** The quota followed at enrolment, selected again after an unlock. */
  idCota?: number | undefined;
}

export interface BiometricRecord {
  customer: string;
  partnerId: number;
  platform: string;
  grant: BiometricGrant;
}

const hashOf = (credential: string) => createHash('sha256').update(credential, 'utf8').digest('hex');

/** AES-256-GCM key derived from the credential: the database alone cannot open a grant. */
const keyOf = (credential: string) => Buffer.from(hkdfSync('sha256', credential, 'consorcio-biometria', 'grant-v1', 32));

/** The grant sealed with the credential's key, stored as base64 of IV, tag and ciphertext. */
function seal(credential: string, grant: BiometricGrant): string {
  const { iv, body, tag } = gcmSeal(keyOf(credential), JSON.stringify(grant));
  return Buffer.concat([iv, tag, body]).toString('base64');
}

function open(credential: string, sealed: string): BiometricGrant | null {
  const raw = Buffer.from(sealed, 'base64');
  const plain = gcmOpen(keyOf(credential), { iv: raw.subarray(0, 12), tag: raw.subarray(12, 28), body: raw.subarray(28) });
  return plain === null ? null : (JSON.parse(plain) as BiometricGrant);
}

/**
 * Device-bound biometric credentials (docs/native-contract.md, `biometrics`). The wrapper keeps the
 * credential behind the biometric prompt; this store keeps its SHA-256 and a back-office refresh
 * token sealed with a key derived from it, never a password. Revocable one by one (a failed
 * unlock) or all of a customer's at once (the customer turns biometrics off).
 */
export class BiometricCredentials {
  constructor(
    private readonly db: Database,
    private readonly lifetimeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async enrol(credential: string, record: BiometricRecord): Promise<void> {
    const now = this.now();
    await this.db.query(
      `INSERT INTO biometric_credentials (credential_hash, customer, partner_id, platform, sealed, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (credential_hash) DO UPDATE SET customer = excluded.customer, partner_id = excluded.partner_id, platform = excluded.platform,
         sealed = excluded.sealed, created_at = excluded.created_at, expires_at = excluded.expires_at, last_used_at = NULL, revoked_at = NULL`,
      [hashOf(credential), record.customer, record.partnerId, record.platform, seal(credential, record.grant), now, now + this.lifetimeMs],
    );
  }

  /** The live record of `credential` (not revoked, not expired, opened by it), or null. */
  async find(credential: string): Promise<BiometricRecord | null> {
    const rows = await this.db.query<{ customer: string; partner_id: number; platform: string; sealed: string }>(
      'SELECT customer, partner_id, platform, sealed FROM biometric_credentials WHERE credential_hash = $1 AND revoked_at IS NULL AND expires_at > $2',
      [hashOf(credential), this.now()],
    );
    const row = rows[0];
    if (!row) return null;
    const grant = open(credential, row.sealed);
    return grant ? { customer: row.customer, partnerId: Number(row.partner_id), platform: row.platform, grant } : null;
  }

  /**
   * Claims the credential for one unlock at a time (its refresh token can be used once): false
   * while another unlock with it runs. `renew`, `revoke` or `release` ends the claim.
   */
  async claim(credential: string, forMs = 30_000): Promise<boolean> {
    const now = this.now();
    const rows = await this.db.query(
      `UPDATE biometric_credentials SET unlocking_until = $2 WHERE credential_hash = $1 AND revoked_at IS NULL
       AND (unlocking_until IS NULL OR unlocking_until < $3) RETURNING credential_hash`,
      [hashOf(credential), now + forMs, now],
    );
    return rows.length > 0;
  }

  async release(credential: string): Promise<void> {
    await this.db.query('UPDATE biometric_credentials SET unlocking_until = NULL WHERE credential_hash = $1', [hashOf(credential)]);
  }

  /** Keeps the rotated refresh token (and the customer as the back office knows them now). */
  async renew(credential: string, grant: BiometricGrant): Promise<void> {
    await this.db.query('UPDATE biometric_credentials SET sealed = $2, last_used_at = $3, unlocking_until = NULL WHERE credential_hash = $1 AND revoked_at IS NULL', [
      hashOf(credential),
      seal(credential, grant),
      this.now(),
    ]);
  }

  async revoke(credential: string): Promise<void> {
    await this.db.query('UPDATE biometric_credentials SET revoked_at = $2, unlocking_until = NULL WHERE credential_hash = $1 AND revoked_at IS NULL', [hashOf(credential), this.now()]);
  }

  /** Revokes every credential of a customer (biometrics turned off, password changed); how many there were. */
  async revokeCustomer(customer: string): Promise<number> {
    const rows = await this.db.query('UPDATE biometric_credentials SET revoked_at = $2 WHERE customer = $1 AND revoked_at IS NULL RETURNING credential_hash', [customer, this.now()]);
    return rows.length;
  }

  async activeCount(customer: string): Promise<number> {
    const rows = await this.db.query<{ n: number | string }>('SELECT count(*) AS n FROM biometric_credentials WHERE customer = $1 AND revoked_at IS NULL AND expires_at > $2', [customer, this.now()]);
    return Number(rows[0]?.n ?? 0);
  }
}
