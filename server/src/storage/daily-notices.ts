import type { Database } from './database.js';

/**
 * Notices a customer sees at most once per day (the home modals), remembered on the server so
 * that the web and a native wrapper agree. `claim` is atomic: of two devices asking at once,
 * one gets true.
 */
export class DailyNotices {
  constructor(private readonly db: Database) {}

  /** True when `notice` was not yet shown to `customer` on `day` ('YYYY-MM-DD'), and records it as shown. */
  async claim(customer: string, notice: string, day: string): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO daily_notices (customer, notice, day) VALUES ($1, $2, $3)
       ON CONFLICT (customer, notice) DO UPDATE SET day = excluded.day WHERE daily_notices.day <> excluded.day
       RETURNING day`,
      [customer, notice, day],
    );
    return rows.length > 0;
  }
}
