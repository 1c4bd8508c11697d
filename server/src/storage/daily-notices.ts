import type { Database } from './database.js';

/** Claims remembered in the process at most; past it the memo starts again (it only saves queries). */
const MEMO_LIMIT = 50_000;

/**
 * Notices a customer sees at most once per day (the home modals), remembered on the server so
 * that the web and a native wrapper agree. `claim` is atomic: of two devices asking at once,
 * one gets true.
 *
 * Once a notice is claimed for a day, asking again for that day is false until the day changes,
 * whichever instance claimed it: the process remembers that and answers without the database
 * (the home screen asked for every candidate modal on every visit — a write each, synchronous
 * work in the embedded PGlite — most of what the screen cost over the pass-through route).
 */
export class DailyNotices {
  private readonly claimed = new Map<string, string>();

  constructor(private readonly db: Database) {}

  /** True when `notice` was not yet shown to `customer` on `day` ('YYYY-MM-DD'), and records it as shown. */
  async claim(customer: string, notice: string, day: string): Promise<boolean> {
    const key = `${customer}\0${notice}`;
    if (this.claimed.get(key) === day) return false;
    const rows = await this.db.query(
      `INSERT INTO daily_notices (customer, notice, day) VALUES ($1, $2, $3)
       ON CONFLICT (customer, notice) DO UPDATE SET day = excluded.day WHERE daily_notices.day <> excluded.day
       RETURNING day`,
      [customer, notice, day],
    );
    if (this.claimed.size >= MEMO_LIMIT) this.claimed.clear();
    this.claimed.set(key, day);
    return rows.length > 0;
  }
}
