import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';

const runs = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`consorcio-pglite-run-${process.pid}-`));

describe('the embedded database that keeps nothing (:memory:)', () => {
  it('starts from a cluster template kept in the temporary folder, and two databases never share data', async () => {
    const before = runs();
    const a = await openDatabase({ dataDir: ':memory:' });
    const b = await openDatabase({ dataDir: ':memory:' });
    try {
      expect(readdirSync(tmpdir()).some((f) => /^consorcio-pglite-cluster-[0-9a-f]{16}$/.test(f))).toBe(true);
      expect(runs().length).toBe(before.length + 2);
      await a.query('create table probe (v text)');
      await a.query("insert into probe values ('a')");
      expect(await a.query('select v from probe')).toEqual([{ v: 'a' }]);
      await expect(b.query('select v from probe')).rejects.toThrow(/probe/);
      // Both have the migrations, applied once in the template they were copied from (the same moment), not at each start.
      expect((await b.query<{ n: number }>("select count(*)::int as n from information_schema.tables where table_name = 'sessions'"))[0]?.n).toBe(1);
      expect(readdirSync(tmpdir()).some((f) => /^consorcio-pglite-cluster-[0-9a-f]{16}-m[0-9a-f]{12}$/.test(f))).toBe(true);
      const appliedAt = (db: typeof a) => db.query<{ at: string }>('select applied_at::text as at from schema_migrations order by id');
      expect(await appliedAt(b)).toEqual(await appliedAt(a));
    } finally {
      await a.close();
      await b.close();
    }
    // Its private copy of the cluster goes with it.
    expect(runs()).toEqual(before);
  });

  it('removes the copies a process that died left behind', async () => {
    // A process id no system hands out (above the Linux maximum of 2^22).
    const orphan = mkdtempSync(join(tmpdir(), 'consorcio-pglite-run-9999999-'));
    mkdirSync(join(orphan, 'base'));
    const db = await openDatabase({ dataDir: ':memory:' });
    await db.close();
    expect(existsSync(orphan)).toBe(false);
  });
});

describe('the embedded database in a directory', () => {
  it('starts a new directory from the template and keeps what was written across restarts', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'consorcio-test-')), 'pglite');
    try {
      const first = await openDatabase({ dataDir: dir });
      expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
      await first.query('create table probe (v text)');
      await first.query("insert into probe values ('kept')");
      await first.close();
      const again = await openDatabase({ dataDir: dir });
      expect(await again.query('select v from probe')).toEqual([{ v: 'kept' }]);
      await again.close();
    } finally {
      rmSync(join(dir, '..'), { recursive: true, force: true });
    }
  });
});
