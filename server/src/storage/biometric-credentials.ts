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
  /** The scheme its grant was found sealed with (find); the next renew seals it with the newest. */
  scheme?: GrantScheme;
}

const hashOf = (credential: string) => createHash('sha256').update(credential, 'utf8').digest('hex');

/**
 * The schemes a grant has been sealed with, by version: each names how its key is derived from the
 * credential and what it binds. The newest seals; every listed one opens, so a scheme is replaced by
 * adding a version (newest last) and each grant is sealed again with it at its next unlock (renew);
 * a version is dropped once no grant sealed with it is alive (BIOMETRIC_TTL_DAYS after the last
 * unlock that could have renewed it). docs/cryptography.md.
 *
 * 1: AES-256-GCM, key HKDF-SHA256(credential, 'consorcio-biometria', 'grant-v1'); stored as bare
 *    base64 of IV, tag and ciphertext (the version is known by the absence of a prefix).
 * 2: AES-256-GCM, key HKDF-SHA256(credential, 'consorcio-biometria', 'grant-v2'), the version bound
 *    as additional data; stored as `grant.v2.` + base64 of IV, tag and ciphertext.
 */
const SCHEMES = {
  1: { prefix: '', info: 'grant-v1', context: undefined },
  2: { prefix: 'grant.v2.', info: 'grant-v2', context: 'grant.v2' },
} as const satisfies Record<number, { prefix: string; info: string; context: string | undefined }>;
export type GrantScheme = keyof typeof SCHEMES;
export const NEWEST_GRANT_SCHEME: GrantScheme = 2;

const keyOf = (credential: string, scheme: GrantScheme) => Buffer.from(hkdfSync('sha256', credential, 'consorcio-biometria', SCHEMES[scheme].info, 32));

/** The grant sealed with the credential's key under `scheme` (the newest unless a test asks for another). */
export function sealGrant(credential: string, grant: BiometricGrant, scheme: GrantScheme = NEWEST_GRANT_SCHEME): string {
  const { prefix, context } = SCHEMES[scheme];
  const { iv, body, tag } = gcmSeal(keyOf(credential, scheme), JSON.stringify(grant), context);
  return prefix + Buffer.concat([iv, tag, body]).toString('base64');
}

/** The version a stored grant was sealed with: its prefix, or none for the first. */
function schemeOf(sealed: string): GrantScheme | null {
  const prefixed = (Object.keys(SCHEMES).map(Number) as GrantScheme[]).find((v) => SCHEMES[v].prefix && sealed.startsWith(SCHEMES[v].prefix));
  if (prefixed) return prefixed;
  return /^[A-Za-z0-9+/=]+$/.test(sealed) ? 1 : null;
}

function open(credential: string, sealed: string): { grant: BiometricGrant; scheme: GrantScheme } | null {
  const scheme = schemeOf(sealed);
  if (scheme === null) return null;
  const { prefix, context } = SCHEMES[scheme];
  const raw = Buffer.from(sealed.slice(prefix.length), 'base64');
  const plain = gcmOpen(keyOf(credential, scheme), { iv: raw.subarray(0, 12), tag: raw.subarray(12, 28), body: raw.subarray(28) }, context);
  return plain === null ? null : { grant: JSON.parse(plain) as BiometricGrant, scheme };
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
      [hashOf(credential), record.customer, record.partnerId, record.platform, sealGrant(credential, record.grant), now, now + this.lifetimeMs],
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
    const opened = open(credential, row.sealed);
    return opened ? { customer: row.customer, partnerId: Number(row.partner_id), platform: row.platform, grant: opened.grant, scheme: opened.scheme } : null;
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

  /** Keeps the rotated refresh token (and the customer as the back office knows them now), sealed with the newest scheme. */
  async renew(credential: string, grant: BiometricGrant): Promise<void> {
    await this.db.query('UPDATE biometric_credentials SET sealed = $2, last_used_at = $3, unlocking_until = NULL WHERE credential_hash = $1 AND revoked_at IS NULL', [
      hashOf(credential),
      sealGrant(credential, grant),
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
