import type { Database } from './database.js';

export interface PushToken {
  platform: string;
  token: string;
  partnerId: number;
  /** The customer turned push off (block_push_notification): nothing is sent to this token. */
  blocked: boolean;
}

/**
 * Push tokens the native wrappers return on opt-in, per customer (the back office keeps only the
 * block_push_notification flag, spec doc 1 §3 "User preferences"). `deliverable` is what a push
 * sender may use: nothing while the customer has push turned off.
 */
export class PushTokens {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  /** Binds `token` to `customer` (a device shared by two customers: the last one to opt in gets its pushes). */
  async register(customer: string, token: Omit<PushToken, 'blocked'>): Promise<void> {
    await this.db.query('DELETE FROM push_tokens WHERE token = $1 AND customer <> $2', [token.token, customer]);
    await this.db.query(
      `INSERT INTO push_tokens (customer, platform, token, partner_id, blocked, updated_at) VALUES ($1, $2, $3, $4, false, $5)
       ON CONFLICT (customer, token) DO UPDATE SET platform = excluded.platform, partner_id = excluded.partner_id, blocked = false, updated_at = excluded.updated_at`,
      [customer, token.platform, token.token, token.partnerId, this.now()],
    );
  }

  /** Follows block_push_notification: every token of the customer paused (true) or resumed (false). */
  async setBlocked(customer: string, blocked: boolean): Promise<void> {
    await this.db.query('UPDATE push_tokens SET blocked = $2, updated_at = $3 WHERE customer = $1', [customer, blocked, this.now()]);
  }

  async list(customer: string): Promise<PushToken[]> {
    const rows = await this.db.query<{ platform: string; token: string; partner_id: number; blocked: boolean }>(
      'SELECT platform, token, partner_id, blocked FROM push_tokens WHERE customer = $1 ORDER BY updated_at',
      [customer],
    );
    return rows.map((r) => ({ platform: r.platform, token: r.token, partnerId: Number(r.partner_id), blocked: r.blocked }));
  }

  /** Tokens a push may go to now. */
  async deliverable(customer: string): Promise<PushToken[]> {
    return (await this.list(customer)).filter((t) => !t.blocked);
  }
}
