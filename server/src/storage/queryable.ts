/** What runs SQL: the database, or one of its connections. */
export interface Queryable {
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` on one connection (transactions, advisory locks). */
  withConnection<T>(fn: (connection: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
