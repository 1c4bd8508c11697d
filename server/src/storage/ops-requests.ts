import type { Database } from './database.js';

/** A console publish that waits: for a second person's approval, for its date and time, or both. */
export interface OpsRequest {
  id: number;
  definition: string;
  files: Record<string, unknown>;
  baseVersion: number;
  author: string;
  comment: string;
  diff: string;
  runAt: string | null;
  approvedBy: string | null;
  /** pending → running → done (published), refused (analyser or stale) or cancelled. */
  status: 'pending' | 'running' | 'done' | 'refused' | 'cancelled';
  outcome: string | null;
  createdAt: string;
}

type Row = {
  id: number;
  definition: string;
  files: Record<string, unknown>;
  base_version: number;
  author: string;
  comment: string;
  diff: string;
  run_at: Date | string | null;
  approved_by: string | null;
  status: OpsRequest['status'];
  outcome: string | null;
  created_at: Date | string;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const toRequest = (r: Row): OpsRequest => ({
  id: r.id,
  definition: r.definition,
  files: typeof r.files === 'string' ? (JSON.parse(r.files) as Record<string, unknown>) : r.files,
  baseVersion: r.base_version,
  author: r.author,
  comment: r.comment,
  diff: r.diff,
  runAt: iso(r.run_at),
  approvedBy: r.approved_by,
  status: r.status,
  outcome: r.outcome,
  createdAt: iso(r.created_at)!,
});

/** Requests are claimed with one conditional UPDATE, so of several instances exactly one runs each. */
export class OpsRequests {
  constructor(private readonly db: Database) {}

  async create(input: { definition: string; files: Record<string, unknown>; baseVersion: number; author: string; comment: string; diff: string; runAt: Date | null }): Promise<OpsRequest> {
    const [row] = await this.db.query<Row>(
      'INSERT INTO ops_requests (definition, files, base_version, author, comment, diff, run_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *',
      [input.definition, JSON.stringify(input.files), input.baseVersion, input.author, input.comment, input.diff, input.runAt?.toISOString() ?? null],
    );
    return toRequest(row!);
  }

  async list(limit = 50): Promise<OpsRequest[]> {
    return (await this.db.query<Row>('SELECT * FROM ops_requests ORDER BY id DESC LIMIT $1', [limit])).map(toRequest);
  }

  async get(id: number): Promise<OpsRequest | null> {
    const [row] = await this.db.query<Row>('SELECT * FROM ops_requests WHERE id = $1', [id]);
    return row ? toRequest(row) : null;
  }

  async approve(id: number, approver: string): Promise<boolean> {
    const rows = await this.db.query<Row>("UPDATE ops_requests SET approved_by = $2 WHERE id = $1 AND status = 'pending' AND approved_by IS NULL AND author <> $2 RETURNING *", [id, approver]);
    return rows.length === 1;
  }

  async cancel(id: number): Promise<boolean> {
    return (await this.db.query<Row>("UPDATE ops_requests SET status = 'cancelled' WHERE id = $1 AND status = 'pending' RETURNING *", [id])).length === 1;
  }

  /** Claims the requests due now (approved when approval is required); each is returned to one caller only. */
  async claimDue(requireApproval: boolean): Promise<OpsRequest[]> {
    const rows = await this.db.query<Row>(
      `UPDATE ops_requests SET status = 'running'
        WHERE status = 'pending' AND (run_at IS NULL OR run_at <= now()) AND ($1 = false OR approved_by IS NOT NULL)
        RETURNING *`,
      [requireApproval],
    );
    return rows.map(toRequest);
  }

  /** Whether any request still waits (for its approval, its time, or both). */
  async anyPending(): Promise<boolean> {
    const [row] = await this.db.query<{ pending: boolean }>("SELECT EXISTS (SELECT 1 FROM ops_requests WHERE status = 'pending') AS pending");
    return row?.pending === true;
  }

  async finish(id: number, status: 'done' | 'refused', outcome: string): Promise<void> {
    await this.db.query('UPDATE ops_requests SET status = $2, outcome = $3 WHERE id = $1', [id, status, outcome]);
  }
}
