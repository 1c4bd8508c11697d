/**
 * Live sessions read lately, kept in the process for the embedded database only.
 *
 * PGlite runs inside the one server process that owns its cluster, so every write to a session
 * passes through this process's store: the store forgets a session before it writes it, and a
 * read that raced with any write is not remembered, so the copy here never outlives the row.
 * Reading a session from PGlite is synchronous WebAssembly work on the event loop, a large share of
 * a screen's CPU (docs/performance.md); from here it is one `JSON.parse`.
 * With PostgreSQL (several instances share the table) nothing is cached.
 *
 * Entries hold the session's JSON text, so each read hands out a fresh object that a request may
 * change freely. At most `capacity` entries; the least recently read goes first.
 */
export interface CachedSession {
  json: string;
  lastSeenAt: number;
  expiresAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  /** Writes begun so far: a read remembers its row only if none began while it ran. */
  private writes = 0;

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** A mark to give `remember` after reading the row. */
  mark(): number {
    return this.writes;
  }

  /** The entry, now the most recently read. */
  read(id: string): CachedSession | undefined {
    const entry = this.entries.get(id);
    if (entry) {
      this.entries.delete(id);
      this.entries.set(id, entry);
    }
    return entry;
  }

  /** Keeps a row read from the database, unless a write began since `mark` was taken. */
  remember(id: string, entry: CachedSession, mark: number): void {
    if (mark !== this.writes) return;
    this.entries.set(id, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Before a session's row is written (or deleted): the next read goes to the database. */
  writing(id: string): void {
    this.writes++;
    this.entries.delete(id);
  }

  forgetExpired(now: number): void {
    for (const [id, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(id);
  }
}
