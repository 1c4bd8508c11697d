import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';

describe('the embedded database in memory', () => {
  it('starts from a cluster template kept in the temporary folder, and two databases never share data', async () => {
    const a = await openDatabase({ dataDir: ':memory:' });
    const b = await openDatabase({ dataDir: ':memory:' });
    try {
      expect(readdirSync(tmpdir()).some((f) => /^consorcio-pglite-cluster-[0-9a-f]{16}\.tar\.gz$/.test(f))).toBe(true);
      await a.query('create table probe (v text)');
      await a.query("insert into probe values ('a')");
      expect(await a.query('select v from probe')).toEqual([{ v: 'a' }]);
      await expect(b.query('select v from probe')).rejects.toThrow(/probe/);
      // Migrations ran on both.
      expect((await b.query<{ n: number }>("select count(*)::int as n from information_schema.tables where table_name = 'sessions'"))[0]?.n).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
