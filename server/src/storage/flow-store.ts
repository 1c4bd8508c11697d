import type { Database } from './database.js';

export interface FlowVersionSummary {
  version: number;
  author: string;
  /** Who approved it, when the publish waited for a second person. */
  approvedBy: string | null;
  comment: string;
  source: 'deploy' | 'console' | 'rollback';
  diff: string;
  createdAt: string;
}

export interface FlowVersion extends FlowVersionSummary {
  files: Record<string, unknown>;
  sourceHash: string | null;
}

/** The version a publish was based on is no longer current: someone published in between. */
export class StaleVersionError extends Error {
  override name = 'StaleVersionError';
}

type Row = { version: number; files?: Record<string, unknown>; author: string; approved_by?: string | null; comment: string; source: string; source_hash?: string | null; diff: string; created_at: Date | string };

function summary(row: Row): FlowVersionSummary {
  return {
    version: row.version,
    author: row.author,
    approvedBy: row.approved_by ?? null,
    comment: row.comment,
    source: row.source as FlowVersionSummary['source'],
    diff: row.diff,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Published versions of the flow definitions; the highest version is the one in service. */
export class FlowStore {
  constructor(private readonly db: Database) {}

  async latestVersion(): Promise<number> {
    const [row] = await this.db.query<{ v: number | null }>('SELECT max(version) AS v FROM flow_versions');
    return row?.v ?? 0;
  }

  async get(version: number): Promise<FlowVersion | null> {
    const [row] = await this.db.query<Row>('SELECT * FROM flow_versions WHERE version = $1', [version]);
    return row ? { ...summary(row), files: row.files ?? {}, sourceHash: row.source_hash ?? null } : null;
  }

  async latestDeployHash(): Promise<string | null> {
    const [row] = await this.db.query<{ source_hash: string | null }>(
      "SELECT source_hash FROM flow_versions WHERE source = 'deploy' ORDER BY version DESC LIMIT 1",
    );
    return row?.source_hash ?? null;
  }

  async history(): Promise<FlowVersionSummary[]> {
    const rows = await this.db.query<Row>('SELECT version, author, approved_by, comment, source, diff, created_at FROM flow_versions ORDER BY version DESC');
    return rows.map(summary);
  }

  /** Stores `version`, which must be exactly one above the current one; otherwise the publish is stale. */
  async insert(entry: { version: number; files: Record<string, unknown>; author: string; approvedBy?: string | null; comment: string; source: FlowVersionSummary['source']; sourceHash?: string; diff: string }): Promise<void> {
    try {
      await this.db.withConnection(async (db) => {
        await db.query('BEGIN');
        try {
          const [row] = await db.query<{ v: number | null }>('SELECT max(version) AS v FROM flow_versions');
          if ((row?.v ?? 0) !== entry.version - 1) throw new StaleVersionError(`a versão ${entry.version - 1} não é mais a atual`);
          await db.query('INSERT INTO flow_versions (version, files, author, approved_by, comment, source, source_hash, diff) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
            entry.version,
            JSON.stringify(entry.files),
            entry.author,
            entry.approvedBy ?? null,
            entry.comment,
            entry.source,
            entry.sourceHash ?? null,
            entry.diff,
          ]);
          await db.query('COMMIT');
        } catch (err) {
          await db.query('ROLLBACK');
          throw err;
        }
      });
    } catch (err) {
      // Two instances inserting the same version: the primary key refuses the second.
      if (err instanceof StaleVersionError) throw err;
      if ((err as { code?: string }).code === '23505' || /duplicate key|unique/i.test(String((err as Error).message))) {
        throw new StaleVersionError(`a versão ${entry.version} já foi publicada`);
      }
      throw err;
    }
  }
}
