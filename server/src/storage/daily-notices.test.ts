import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';
import { DailyNotices } from './daily-notices.js';

describe('daily notices', () => {
  let db: Database;
  let queries = 0;
  beforeAll(async () => {
    const real = await openDatabase({ dataDir: ':memory:' });
    db = Object.assign(Object.create(real) as Database, {
      query: (sql: string, params?: unknown[]) => {
        queries++;
        return real.query(sql, params);
      },
    });
  });
  afterAll(() => db.close());

  it('shows a notice once a day, and a second visit that day costs no database work', async () => {
    const notices = new DailyNotices(db);
    expect(await notices.claim('66115750903', 'contemplacao', '2026-11-23')).toBe(true);
    queries = 0;
    expect(await notices.claim('66115750903', 'contemplacao', '2026-11-23')).toBe(false);
    expect(await notices.claim('66115750903', 'contemplacao', '2026-11-23')).toBe(false);
    expect(queries).toBe(0);
    expect(await notices.claim('66115750903', 'contemplacao', '2026-11-24')).toBe(true);
  });

  it('a claim made by another instance holds here too', async () => {
    const here = new DailyNotices(db);
    const there = new DailyNotices(db);
    expect(await there.claim('12345678909', 'contemplacao', '2026-11-23')).toBe(true);
    expect(await here.claim('12345678909', 'contemplacao', '2026-11-23')).toBe(false);
    expect(await here.claim('12345678909', 'prazo-finalizado', '2026-11-23')).toBe(true);
  });
});
