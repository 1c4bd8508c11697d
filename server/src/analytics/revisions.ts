import type { Database } from '../storage/database.js';

/**
 * A published version of one definition: the definitions version (the bundle's) that first served
 * it, and the last one that did (null while it is in service). Counts are kept by the bundle's
 * version, so a definition's figures are the counts of the versions its revision spans.
 */
export interface Revision {
  definition: string;
  version: number;
  until: number | null;
  createdAt: string;
  author: string;
}

type Row = { version: number; created_at: Date | string; author: string; file: string; hash: string };

/**
 * Every definition's revisions, read from the published history: a definition gets a new revision
 * in each version whose file for it differs from the one before (compared by a hash of its JSON, in
 * the database). Versions are never changed once stored, so the answer is kept until a new version
 * lands.
 */
export class DefinitionRevisions {
  private cached: { latest: number; byDefinition: Map<string, Revision[]> } | null = null;

  constructor(private readonly db: Database) {}

  async all(latest: number): Promise<Map<string, Revision[]>> {
    if (this.cached?.latest === latest) return this.cached.byDefinition;
    const rows = await this.db.query<Row>(
      `SELECT v.version, v.created_at, v.author, kv.key AS file, md5(kv.value::text) AS hash
       FROM flow_versions v CROSS JOIN LATERAL jsonb_each(v.files) AS kv WHERE v.version <= $1 ORDER BY v.version`,
      [latest],
    );
    const byVersion = new Map<number, { createdAt: string; author: string; files: Map<string, string> }>();
    for (const row of rows) {
      let entry = byVersion.get(row.version);
      if (!entry) {
        entry = { createdAt: new Date(row.created_at).toISOString(), author: row.author, files: new Map() };
        byVersion.set(row.version, entry);
      }
      entry.files.set(row.file.replace(/\.json$/, ''), row.hash);
    }
    const byDefinition = new Map<string, Revision[]>();
    const last = new Map<string, string | null>();
    for (const [version, entry] of [...byVersion].sort(([a], [b]) => a - b)) {
      const names = new Set([...entry.files.keys(), ...last.keys()]);
      for (const name of names) {
        const hash = entry.files.get(name) ?? null;
        if (hash === (last.get(name) ?? null)) continue;
        const list = byDefinition.get(name) ?? [];
        const open = list.at(-1);
        if (open && open.until === null) open.until = version - 1;
        if (hash !== null) list.push({ definition: name, version, until: null, createdAt: entry.createdAt, author: entry.author });
        byDefinition.set(name, list);
        last.set(name, hash);
      }
    }
    this.cached = { latest, byDefinition };
    return byDefinition;
  }
}

/** The bundle versions a revision was in service, from its first to `latest` while it still is. */
export function versionsOf(revision: Revision, latest: number): number[] {
  const end = revision.until ?? latest;
  const out: number[] = [];
  for (let v = revision.version; v <= end; v++) out.push(v);
  return out;
}
