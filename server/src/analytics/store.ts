import type { Database } from '../storage/database.js';
import { placeOf, SEP, type Batch, type Platform } from './recorder.js';

/** Rows per statement: 9 parameters each stays far below PostgreSQL's 65 535. */
const CHUNK = 500;

const PLACE_COLUMNS = 'day, flow, step, version, partner, platform';

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** `($1::date, $2, …), (…)` for `rows` rows of `width` values, the first a date. */
function values(rows: number, width: number): string {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < width; c++) cells.push(c === 0 ? `$${r * width + c + 1}::date` : `$${r * width + c + 1}`);
    out.push(`(${cells.join(', ')})`);
  }
  return out.join(', ');
}

const placeValues = (key: string) => {
  const p = placeOf(key);
  return [p.day, p.flow, p.step, p.version, p.partner, p.platform];
};

export interface Filters {
  flow: string;
  /** First and last day (YYYY-MM-DD, Brasília), both included. */
  from: string;
  to: string;
  partner?: number | undefined;
  platform?: Platform | undefined;
}

export interface StepRow {
  step: string;
  version: number;
  arrivals: number;
  completions: number;
  failures: number;
}
export interface RefusalRow {
  step: string;
  version: number;
  field: string;
  reason: string;
  count: number;
}
export interface PartRow {
  step: string;
  version: number;
  part: string;
  reason: 'late' | 'failed';
  count: number;
}
export interface DurationRow {
  step: string;
  version: number;
  bucket: number;
  count: number;
}

/**
 * The analytics tables: counts by day, flow, step, definitions version, partner and platform, never
 * a person. Every write adds to what is there (`count = count + EXCLUDED.count`), so any number of
 * instances write their own counts in any order and nothing is lost or counted twice.
 */
/** One constant statement per table: no query text is built from values. */
const PURGES = [
  'WITH gone AS (DELETE FROM analytics_steps WHERE day < $1::date RETURNING 1) SELECT count(*)::int AS n FROM gone',
  'WITH gone AS (DELETE FROM analytics_refusals WHERE day < $1::date RETURNING 1) SELECT count(*)::int AS n FROM gone',
  'WITH gone AS (DELETE FROM analytics_durations WHERE day < $1::date RETURNING 1) SELECT count(*)::int AS n FROM gone',
  'WITH gone AS (DELETE FROM analytics_parts WHERE day < $1::date RETURNING 1) SELECT count(*)::int AS n FROM gone',
] as const;

export class AnalyticsStore {
  constructor(private readonly db: Database) {}

  /**
   * Writes a batch, a statement at a time; what was not written (the statement that failed and the
   * ones after it) is handed back to be tried again, never what was.
   */
  async write(batch: Batch): Promise<Batch | null> {
    // In key order: two instances writing the same rows lock them in the same order (no deadlock).
    const byKey = <T>(entries: Array<[string, T]>) => entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const steps = byKey([...batch.steps]);
    const refusals = byKey([...batch.refusals]);
    const durations = byKey([...batch.durations]);
    const parts = byKey([...batch.parts]);
    const statements: Array<{ run: () => Promise<unknown>; left: () => Batch }> = [];
    const rest = (s: number, r: number, d: number, p = 0): Batch => ({
      steps: new Map(steps.slice(s)),
      refusals: new Map(refusals.slice(r)),
      durations: new Map(durations.slice(d)),
      parts: new Map(parts.slice(p)),
    });
    let offset = 0;
    for (const chunk of chunks(steps)) {
      const at = offset;
      offset += chunk.length;
      statements.push({
        run: () =>
          this.db.query(
            `INSERT INTO analytics_steps (${PLACE_COLUMNS}, arrivals, completions, upstream_failures) VALUES ${values(chunk.length, 9)}
             ON CONFLICT (${PLACE_COLUMNS}) DO UPDATE SET arrivals = analytics_steps.arrivals + EXCLUDED.arrivals,
               completions = analytics_steps.completions + EXCLUDED.completions, upstream_failures = analytics_steps.upstream_failures + EXCLUDED.upstream_failures`,
            chunk.flatMap(([key, c]) => [...placeValues(key), c.arrivals, c.completions, c.failures]),
          ),
        left: () => rest(at, 0, 0),
      });
    }
    offset = 0;
    for (const chunk of chunks(refusals)) {
      const at = offset;
      offset += chunk.length;
      statements.push({
        run: () =>
          this.db.query(
            `INSERT INTO analytics_refusals (${PLACE_COLUMNS}, field, reason, count) VALUES ${values(chunk.length, 9)}
             ON CONFLICT (${PLACE_COLUMNS}, field, reason) DO UPDATE SET count = analytics_refusals.count + EXCLUDED.count`,
            chunk.flatMap(([key, n]) => {
              const parts = key.split(SEP);
              return [...placeValues(parts.slice(0, 6).join(SEP)), parts[6], parts[7], n];
            }),
          ),
        left: () => rest(steps.length, at, 0),
      });
    }
    offset = 0;
    for (const chunk of chunks(durations)) {
      const at = offset;
      offset += chunk.length;
      statements.push({
        run: () =>
          this.db.query(
            `INSERT INTO analytics_durations (${PLACE_COLUMNS}, bucket, count) VALUES ${values(chunk.length, 8)}
             ON CONFLICT (${PLACE_COLUMNS}, bucket) DO UPDATE SET count = analytics_durations.count + EXCLUDED.count`,
            chunk.flatMap(([key, n]) => {
              const parts = key.split(SEP);
              return [...placeValues(parts.slice(0, 6).join(SEP)), Number(parts[6]), n];
            }),
          ),
        left: () => rest(steps.length, refusals.length, at),
      });
    }
    offset = 0;
    for (const chunk of chunks(parts)) {
      const at = offset;
      offset += chunk.length;
      statements.push({
        run: () =>
          this.db.query(
            `INSERT INTO analytics_parts (${PLACE_COLUMNS}, part, reason, count) VALUES ${values(chunk.length, 9)}
             ON CONFLICT (${PLACE_COLUMNS}, part, reason) DO UPDATE SET count = analytics_parts.count + EXCLUDED.count`,
            chunk.flatMap(([key, n]) => {
              const fields = key.split(SEP);
              return [...placeValues(fields.slice(0, 6).join(SEP)), fields[6], fields[7], n];
            }),
          ),
        left: () => rest(steps.length, refusals.length, durations.length, at),
      });
    }
    for (const statement of statements) {
      try {
        await statement.run();
      } catch {
        return statement.left();
      }
    }
    return null;
  }

  /** Removes every count of a day before `before` (YYYY-MM-DD); answers how many rows went. */
  async purge(before: string): Promise<number> {
    let removed = 0;
    for (const sql of PURGES) {
      const rows = await this.db.query<{ n: number }>(sql, [before]);
      removed += rows[0]?.n ?? 0;
    }
    return removed;
  }

  private where(f: Filters): { sql: string; params: unknown[] } {
    const params: unknown[] = [f.flow, f.from, f.to];
    let sql = 'flow = $1 AND day BETWEEN $2::date AND $3::date';
    if (f.partner !== undefined) {
      params.push(f.partner);
      sql += ` AND partner = $${params.length}`;
    }
    if (f.platform !== undefined) {
      params.push(f.platform);
      sql += ` AND platform = $${params.length}`;
    }
    return { sql, params };
  }

  async steps(f: Filters): Promise<StepRow[]> {
    const { sql, params } = this.where(f);
    const rows = await this.db.query<{ step: string; version: number; arrivals: string; completions: string; failures: string }>(
      `SELECT step, version, sum(arrivals) AS arrivals, sum(completions) AS completions, sum(upstream_failures) AS failures FROM analytics_steps WHERE ${sql} GROUP BY step, version`,
      params,
    );
    return rows.map((r) => ({ step: r.step, version: Number(r.version), arrivals: Number(r.arrivals), completions: Number(r.completions), failures: Number(r.failures) }));
  }

  async refusals(f: Filters): Promise<RefusalRow[]> {
    const { sql, params } = this.where(f);
    const rows = await this.db.query<{ step: string; version: number; field: string; reason: string; count: string }>(
      `SELECT step, version, field, reason, sum(count) AS count FROM analytics_refusals WHERE ${sql} GROUP BY step, version, field, reason`,
      params,
    );
    return rows.map((r) => ({ step: r.step, version: Number(r.version), field: r.field, reason: r.reason, count: Number(r.count) }));
  }

  async durations(f: Filters): Promise<DurationRow[]> {
    const { sql, params } = this.where(f);
    const rows = await this.db.query<{ step: string; version: number; bucket: number; count: string }>(
      `SELECT step, version, bucket, sum(count) AS count FROM analytics_durations WHERE ${sql} GROUP BY step, version, bucket`,
      params,
    );
    return rows.map((r) => ({ step: r.step, version: Number(r.version), bucket: Number(r.bucket), count: Number(r.count) }));
  }

  /** The secondary parts screens were drawn without, by screen (step), part and reason. */
  async parts(f: Filters): Promise<PartRow[]> {
    const { sql, params } = this.where(f);
    const rows = await this.db.query<{ step: string; version: number; part: string; reason: 'late' | 'failed'; count: string }>(
      `SELECT step, version, part, reason, sum(count) AS count FROM analytics_parts WHERE ${sql} GROUP BY step, version, part, reason`,
      params,
    );
    return rows.map((r) => ({ step: r.step, version: Number(r.version), part: r.part, reason: r.reason, count: Number(r.count) }));
  }
}
