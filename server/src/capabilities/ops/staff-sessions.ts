import { randomBytes } from 'node:crypto';
import type { Database } from '../../storage/database.js';
import type { SealKeys } from '../../storage/sealing.js';
import type { StaffMember, StaffRole } from './staff.js';

/** A definition being edited: its new content and the version it was based on. */
export interface Draft {
  id: string;
  content: unknown;
  baseVersion: number;
}

/** What the console keeps of a sign-in at the identity provider, to read the role again and to sign out there. */
export interface ProviderTokens {
  subject: string;
  idToken: string;
  accessToken: string;
  refreshToken: string | null;
}

export interface StaffSession extends StaffMember {
  id: string;
  draft: Draft | null;
  /** When the role was last read from the identity provider (epoch ms). */
  roleCheckedAt: number;
  /** The provider's tokens; null for a password account (OPS_USERS). */
  provider: ProviderTokens | null;
}

/** The console's session ends after 15 idle minutes; every request by the staff member moves the end. */
export const IDLE_MS = 15 * 60_000;

type Row = {
  id: string;
  login: string;
  role: StaffRole;
  draft: Draft | null;
  role_checked_at: string | Date;
  provider: ProviderTokens | null;
};

const SECRETS = ['idToken', 'accessToken', 'refreshToken'] as const;

/**
 * Sessions of operations staff: their own table and cookie, never a customer session. A session
 * ends after IDLE_MS without a request and, however active, `maxMs` after sign-in. The provider's
 * tokens are sealed in the row (storage/sealing.ts), as the customers' are.
 */
export class StaffSessions {
  constructor(
    private readonly db: Database,
    private readonly keys: SealKeys,
    private readonly maxMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private sealed(id: string, provider: ProviderTokens | null): string | null {
    if (!provider) return null;
    const out: Record<string, string | null> = { subject: provider.subject };
    for (const key of SECRETS) out[key] = provider[key] === null ? null : this.keys.seal(provider[key]!, `staff:${id}`);
    return JSON.stringify(out);
  }

  private opened(id: string, provider: ProviderTokens | null): ProviderTokens | null | undefined {
    if (!provider) return null;
    const out = { ...provider };
    for (const key of SECRETS) {
      if (provider[key] === null) continue;
      const plain = this.keys.open(provider[key]!, `staff:${id}`);
      if (plain === null) return undefined;
      out[key] = plain;
    }
    return out;
  }

  private at = (ms: number) => new Date(ms).toISOString();

  async create(member: StaffMember, provider: ProviderTokens | null = null): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.db.query(
      'INSERT INTO staff_sessions (id, login, role, draft, expires_at, ends_at, role_checked_at, provider) VALUES ($1, $2, $3, NULL, $4, $5, $6, $7)',
      [id, member.login, member.role, this.at(Math.min(now + IDLE_MS, now + this.maxMs)), this.at(now + this.maxMs), this.at(now), this.sealed(id, provider)],
    );
    return id;
  }

  /** The live session (its idle end moved, never past its absolute end), or null. */
  async get(id: string): Promise<StaffSession | null> {
    const now = this.now();
    const [row] = await this.db.query<Row>(
      `UPDATE staff_sessions SET expires_at = LEAST($2::timestamptz, ends_at)
       WHERE id = $1 AND expires_at > $3::timestamptz AND ends_at > $3::timestamptz
       RETURNING id, login, role, draft, role_checked_at, provider`,
      [id, this.at(now + IDLE_MS), this.at(now)],
    );
    if (!row) return null;
    const provider = this.opened(row.id, row.provider);
    // A token sealed by a key no longer listed: the session cannot be checked with the provider, so it ends.
    if (provider === undefined) return null;
    return { id: row.id, login: row.login, role: row.role, draft: row.draft, roleCheckedAt: new Date(row.role_checked_at).getTime(), provider };
  }

  /** The role as the provider tells it now, with the tokens it answered. */
  async roleChecked(id: string, role: StaffRole, provider: ProviderTokens): Promise<void> {
    await this.db.query('UPDATE staff_sessions SET role = $2, role_checked_at = $3, provider = $4 WHERE id = $1', [id, role, this.at(this.now()), this.sealed(id, provider)]);
  }

  async saveDraft(id: string, draft: Draft | null): Promise<void> {
    await this.db.query('UPDATE staff_sessions SET draft = $2 WHERE id = $1', [id, draft === null ? null : JSON.stringify(draft)]);
  }

  async destroy(id: string): Promise<void> {
    await this.db.query('DELETE FROM staff_sessions WHERE id = $1', [id]);
  }
}
