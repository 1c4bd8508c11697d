import { randomBytes } from 'node:crypto';
import type { Database } from '../../storage/database.js';
import type { StaffMember, StaffRole } from './staff.js';

/** A definition being edited: its new content and the version it was based on. */
export interface Draft {
  id: string;
  content: unknown;
  baseVersion: number;
}

export interface StaffSession extends StaffMember {
  id: string;
  draft: Draft | null;
}

/** The console's session ends after 15 idle minutes; every request by the staff member moves the end. */
export const IDLE_MS = 15 * 60_000;

/** Sessions of operations staff: their own table and cookie, never a customer session. */
export class StaffSessions {
  constructor(private readonly db: Database) {}

  async create(member: StaffMember): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    await this.db.query('INSERT INTO staff_sessions (id, login, role, draft, expires_at) VALUES ($1, $2, $3, NULL, $4)', [
      id,
      member.login,
      member.role,
      new Date(Date.now() + IDLE_MS).toISOString(),
    ]);
    return id;
  }

  async get(id: string): Promise<StaffSession | null> {
    const [row] = await this.db.query<{ id: string; login: string; role: StaffRole; draft: Draft | null }>(
      'UPDATE staff_sessions SET expires_at = $2 WHERE id = $1 AND expires_at > now() RETURNING id, login, role, draft',
      [id, new Date(Date.now() + IDLE_MS).toISOString()],
    );
    return row ? { id: row.id, login: row.login, role: row.role, draft: row.draft } : null;
  }

  async saveDraft(id: string, draft: Draft | null): Promise<void> {
    await this.db.query('UPDATE staff_sessions SET draft = $2 WHERE id = $1', [id, draft === null ? null : JSON.stringify(draft)]);
  }

  async destroy(id: string): Promise<void> {
    await this.db.query('DELETE FROM staff_sessions WHERE id = $1', [id]);
  }
}
